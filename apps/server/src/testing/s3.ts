import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { madeInBeforeAll } from './http.ts';

// A local S3-compatible server (s3rver) for tests: the real AWS SDK talks HTTP to it, as it would
// to AWS S3 or MinIO. Its files live in a temporary folder removed by stop().

export type LocalS3 = {
  /** The environment that points the app at this server's bucket. */
  env: Record<string, string>;
  url: string;
  bucket: string;
  /** Every key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
};

export async function startLocalS3(): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-s3-'));
  const bucket = `shipyard-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const env = {
    S3_URL: url,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    env,
    url,
    bucket,
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** A local S3 for the tests of a file (or describe block): started in beforeAll, stopped in afterAll. */
export function useLocalS3(): LocalS3 {
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3?.stop());
  return madeInBeforeAll(() => s3, 'the local S3');
}
