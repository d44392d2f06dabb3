import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from './backup.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';

// `npm run backup` / `npm run restore` of the bundled database (docs/operations.md, Backups):
// a DATA_DIR with rows and an uploaded file, backed up while its server runs and once stopped,
// each restored into a fresh DATA_DIR whose server then answers the same rows and file bytes.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/** A command of docs/operations.md, as an operator types it at the repository root. */
const shell = (command: string, env: Record<string, string>) =>
  run('bash', ['-c', command], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), ...env },
  });

let base: string;
const dir = (name: string) => path.join(base, name);
const fileBytes = randomBytes(64 * 1024);
const FILE = path.join('uploads', 'documents', `${'f'.repeat(32)}.bin`);

async function query<T extends pg.QueryResultRow>(server: EmbeddedServer, sql: string) {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Starts the bundled server on a restored DATA_DIR as the app would, and reads its rows and file. */
async function contentOf(dataDir: string) {
  const server = await startEmbeddedPostgres(dataDir, () => {});
  try {
    const rows = await query<{ id: number; name: string }>(server, 'select id, name from crates order by id');
    return { rows: rows.map((r) => r.name), file: await fs.readFile(path.join(dataDir, FILE)) };
  } finally {
    await server.stop();
  }
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-backup-'));
  await fs.chmod(base, 0o755); // the postgres user must be able to enter it
}, 60_000);
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
  // `npm run backup` made ./backups at the root; its archive was moved away.
  await fs.rmdir(path.join(REPO_ROOT, 'backups')).catch(() => {});
});

describe('backup and restore of the bundled database', () => {
  let online: string;
  let offline: string;

  beforeAll(async () => {
    const source = dir('source');
    const server = await startEmbeddedPostgres(source, () => {});
    try {
      await query(server, 'create table crates (id serial primary key, name text not null)');
      await query(server, "insert into crates (name) select 'crate ' || n from generate_series(1, 500) n");
      await fs.mkdir(path.dirname(path.join(source, FILE)), { recursive: true });
      await fs.writeFile(path.join(source, FILE), fileBytes);

      // While the server runs (and keeps writing): PostgreSQL's online backup.
      const made = await backup({ dataDir: source, out: dir('archives') });
      expect(made.manifest).toMatchObject({ kind: 'bundled', mode: 'running' });
      expect(path.basename(made.file)).toMatch(/^shipyard-backup-\d{8}T\d{6}Z\.tar\.gz$/);
      online = made.file;
      expect((await fs.stat(online)).mode & 0o777).toBe(0o600);
      await query(server, "insert into crates (name) values ('after the backup')");
    } finally {
      await server.stop();
    }
    // Stopped: a copy of the files, made by the guide's command, into ./backups at the root.
    const { stdout } = await shell('npm run backup', { DATA_DIR: source });
    expect(stdout).toContain('bundled database, server stopped');
    offline = /wrote (\S+\.tar\.gz)/.exec(stdout)?.[1] ?? '';
    expect(path.dirname(offline)).toBe(path.join(REPO_ROOT, 'backups'));
    await fs.rename(offline, dir('stopped.tar.gz'));
    offline = dir('stopped.tar.gz');
  }, 120_000);

  it('restores a backup taken while the server ran: the rows of that moment and the same file bytes', async () => {
    await restore({ archive: online, dataDir: dir('restored-online') });
    const restored = await contentOf(dir('restored-online'));
    expect(restored.rows).toHaveLength(500);
    expect(restored.rows).not.toContain('after the backup');
    expect(restored.file.equals(fileBytes)).toBe(true);
  }, 60_000);

  it('restores a backup taken with the server stopped', async () => {
    await restore({ archive: offline, dataDir: dir('restored-offline') });
    const restored = await contentOf(dir('restored-offline'));
    expect(restored.rows).toHaveLength(501);
    expect(restored.rows.at(-1)).toBe('after the backup');
    expect(restored.file.equals(fileBytes)).toBe(true);
  }, 60_000);

  it('npm run restore refuses a DATA_DIR that holds data, unless --force', async () => {
    const target = dir('restored-online');
    const env = { DATA_DIR: target, BACKUP: online };
    await expect(shell('npm run restore -- "$BACKUP"', env)).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty; restore into an empty one, or pass --force'),
    });
    const { stdout } = await shell('npm run restore -- "$BACKUP" --force', env);
    expect(stdout).toContain(`restored ${online} into DATA_DIR ${target}`);
    expect((await contentOf(target)).rows).toHaveLength(500);
  }, 90_000);
});
