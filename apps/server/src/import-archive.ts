import fs from 'node:fs';
import path from 'node:path';
import { invocationDir, loadConfigOr } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { EmbeddedPostgresError, type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { loadSecretBox, SECRET_KEY_FILE } from './lib/secrets.ts';
import { createStorage } from './lib/storage.ts';
import { ArchiveError, archiveLines, restoreArchive } from './modules/archive/index.ts';

// `npm run import-archive -- <file>` (docs/operations.md, docs/decisions/020-workspace-archive.md):
// restores a workspace archive downloaded from Settings → Security into this instance, which
// must be empty (a new DATA_DIR or a new database: no accounts, no products, nothing else the
// archive carries). The same configuration as `npm start` says where: DATABASE_URL or the
// bundled PostgreSQL in DATA_DIR, S3_* or DATA_DIR/uploads for the files. Stop the servers of
// this instance first. The archive is checked whole before anything is written; the rows go in
// one transaction.

function fail(message: string): never {
  process.stderr.write(`shipyard import-archive: ${message}\n`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const skipKeyCheck = args.includes('--skip-key-check');
  const files = args.filter((a) => a !== '--skip-key-check');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    fail('usage: npm run import-archive -- <archive.json> [--skip-key-check]');
  }
  // npm runs the script in apps/server: a relative path is the caller's (npm's INIT_CWD).
  const file = path.resolve(invocationDir(), files[0] as string);
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) fail(`${file} is not a file`);

  const config = loadConfigOr(fail);
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres(config.dataDir, (line) => process.stderr.write(`${line}\n`));
    } catch (err) {
      if (err instanceof EmbeddedPostgresError) fail(err.message);
      throw err;
    }
    url = embedded.url;
  }
  const storage = createStorage(config, {
    warn: (details) => process.stderr.write(`shipyard import-archive: storage: ${JSON.stringify(details)}\n`),
  });
  // The key the restored servers will use for secrets at rest, without making one if there is
  // none yet (the first start makes it): the archive's encrypted secrets must decrypt with it.
  const keyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  const haveKey =
    Boolean(config.appSecret) || (await fs.promises.stat(keyFile).catch(() => undefined)) !== undefined;
  const secrets = skipKeyCheck
    ? undefined
    : haveKey
      ? await loadSecretBox({ appSecret: config.appSecret, dataDir: config.dataDir })
      : null;
  const database = connectDatabase(url, 2);
  let failure: string | undefined;
  try {
    // A new instance has no tables yet: the same migrations as a start, then the restore.
    await runMigrations(url);
    const started = Date.now();
    const summary = await restoreArchive(() => archiveLines(fs.createReadStream(file)), {
      pool: database.pool,
      storage,
      secrets,
    });
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `shipyard import-archive: restored ${rows} rows in ${Object.keys(summary.rows).length} tables and ` +
        `${summary.files} files (${summary.fileBytes} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s. ` +
        'Everyone signs in with the password they had.\n',
    );
  } catch (err) {
    const e = err as { message?: string; detail?: string };
    failure =
      err instanceof ArchiveError
        ? `${err.message} Nothing was imported.`
        : `the import failed and nothing was imported: ${e.message ?? String(err)}${e.detail ? ` (${e.detail})` : ''}`;
  } finally {
    await database.close().catch(() => {});
    storage.close();
    await embedded?.stop().catch(() => {});
  }
  if (failure) fail(failure);
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
