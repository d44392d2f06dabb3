import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfigOr } from './config.ts';
import { createDiskStorage } from './lib/storage/disk.ts';
import { createS3Storage } from './lib/storage/s3.ts';

// `npm run storage:migrate [-- --delete]` (docs/operations.md): copies every uploaded file from
// DATA_DIR/uploads to the bucket named by S3_BUCKET, under the same <area>/<name>. A file already
// in the bucket with the same size is left alone, so the command can run again after a failure.
// With --delete, a local file is removed once the bucket holds it. Stored rows keep their keys:
// nothing in the database changes. Run it before starting the servers with S3_BUCKET set.

function fail(message: string): never {
  process.stderr.write(`shipyard storage:migrate: ${message}\n`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.find((a) => a !== '--delete');
  if (unknown) fail(`unknown option ${JSON.stringify(unknown)}; the only option is --delete`);
  const removeLocal = args.includes('--delete');
  const config = loadConfigOr(fail);
  if (!config.s3) fail('set S3_BUCKET (and S3_URL and the credentials) to the bucket to move the files to');

  const disk = createDiskStorage(config.dataDir);
  const bucket = createS3Storage(config.s3, {
    warn: (details) => {
      const { err } = details as { err?: Error };
      process.stderr.write(`shipyard storage:migrate: the bucket answered: ${err?.message ?? 'no answer'}\n`);
    },
  });
  const root = path.join(config.dataDir, 'uploads');
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  const counts = { copied: 0, bytes: 0, present: 0, removed: 0 };
  try {
    // Our areas (documents, avatars, …); a folder of another name (lost+found) is not ours.
    const areas = entries.filter((e) => e.isDirectory() && /^[a-z][a-z0-9-]*$/.test(e.name));
    for (const area of areas.map((e) => e.name)) {
      for await (const file of disk.list(area)) {
        if ((await bucket.sizeOf(area, file.name)) === file.size) {
          counts.present++;
        } else {
          const stored = await disk.read(area, file.name);
          if (!stored) continue; // removed meanwhile
          counts.bytes += await bucket.write(area, file.name, stored.body);
          counts.copied++;
        }
        if (removeLocal) {
          await disk.remove(area, file.name);
          counts.removed++;
        }
      }
    }
  } finally {
    bucket.close();
  }
  process.stdout.write(
    `shipyard storage:migrate: copied ${counts.copied} files (${counts.bytes} bytes) to bucket ${config.s3.bucket}, ` +
      `${counts.present} already there, ${counts.removed} removed from ${root}\n`,
  );
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
