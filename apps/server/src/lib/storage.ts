import type { Config } from '../config.ts';
import { createDiskStorage } from './storage/disk.ts';
import type { Storage, WarnLog } from './storage/files.ts';
import { createS3Storage } from './storage/s3.ts';

// Where uploaded bytes live (docs/decisions/014-object-storage.md): an S3-compatible bucket when
// S3_BUCKET is set, DATA_DIR/uploads otherwise, behind one interface (./files.ts).

export { newFileName, type Storage } from './storage/files.ts';

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>, log?: WarnLog): Storage {
  return config.s3 ? createS3Storage(config.s3, log) : createDiskStorage(config.dataDir);
}
