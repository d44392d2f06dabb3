import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { redisReachable, redisTestUrl } from './testing/redis.ts';
import { type LocalS3, startLocalS3 } from './testing/s3.ts';
import { freePort } from './testing/server-process.ts';
import { createTestDatabase } from './testing/test-app.ts';

// docs/operations.md promises that every command in it is tried: this runs its shell blocks, in
// order, as one script against a test database, a local S3 server and Redis. Its `settings` block
// is replaced by this test's values for the same variables; a block marked `tried-by=<files>`
// holds commands that those files run (CI's own steps) and is checked to be there.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const GUIDE = path.join(REPO_ROOT, 'docs/operations.md');
const run = promisify(execFile);

type Block = { info: string; code: string };

function shellBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```sh([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    info: (m[1] ?? '').trim(),
    code: m[2] ?? '',
  }));
}

const commandLines = (code: string) =>
  code
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** pg_dump refuses a server of a newer major version than its own. */
async function pgDumpCanDump(serverUrl: string): Promise<boolean> {
  const dump = await run('pg_dump', ['--version']).catch(() => undefined);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const server = Number((await client.query('SHOW server_version_num')).rows[0]?.server_version_num);
    const mine = Number(dump?.stdout.match(/\) (\d+)/)?.[1]);
    return mine >= Math.floor(server / 10_000);
  } finally {
    await client.end();
  }
}

const markdown = await fs.readFile(GUIDE, 'utf8');
const blocks = shellBlocks(markdown);
const ready = (await redisReachable()) && (await pgDumpCanDump(inject('serverUrl')));

describe('docs/operations.md', () => {
  it('has a settings block, commands to run, and commands CI runs', async () => {
    expect(blocks.filter((b) => b.info === 'settings')).toHaveLength(1);
    expect(blocks.filter((b) => b.info === '').length).toBeGreaterThan(4);
    for (const block of blocks.filter((b) => b.info.startsWith('tried-by='))) {
      const files = block.info.slice('tried-by='.length).split(',');
      for (const command of commandLines(block.code)) {
        const found = [];
        for (const file of files) {
          if ((await fs.readFile(path.join(REPO_ROOT, file), 'utf8')).includes(command)) found.push(file);
        }
        expect(found, `${command} in ${files.join(' or ')}`).not.toEqual([]);
      }
    }
  });
});

describe.skipIf(!ready)(
  `every command of docs/operations.md${ready ? '' : ' (skipped: needs Redis and a pg_dump as new as the test server)'}`,
  () => {
    let s3: LocalS3;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let dataDir: string;
    const leftovers = ['shipyard.dump', 'shipyard-data.tar.gz', 'shipyard-backup.tar.gz'].map((f) =>
      path.join(REPO_ROOT, f),
    );
    const migrated = `${'e'.repeat(32)}.txt`;

    beforeAll(async () => {
      s3 = await startLocalS3();
      database = await createTestDatabase();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-guide-'));
      await fs.mkdir(path.join(dataDir, 'uploads', 'documents'), { recursive: true });
      await fs.writeFile(
        path.join(dataDir, 'uploads', 'documents', migrated),
        'kept on disk before the bucket',
      );
      // What `npm run build` makes of the server (the guide's build step is CI's own).
      await run('npm', ['run', 'build', '-w', '@shipyard/server'], { cwd: REPO_ROOT });
    }, 120_000);
    afterAll(async () => {
      await database?.drop();
      await s3?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      for (const file of leftovers) await fs.rm(file, { force: true });
    });

    it('runs them in order: migrate files to the bucket, start 2 processes, probe, scrape, back up, drain', async () => {
      const port = await freePort();
      const settings: Record<string, string> = {
        DATABASE_URL: database.url,
        REDIS_URL: redisTestUrl,
        APP_URL: `http://127.0.0.1:${port}`,
        APP_SECRET: 'a-test-app-secret-of-32-characters-at-least',
        HOST: '127.0.0.1',
        PORT: String(port),
        TRUST_PROXY: '1',
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '2',
        DATABASE_POOL_SIZE: '5',
        ...s3.env,
        METRICS_PORT: String(await freePort()),
        METRICS_TOKEN: 'a-test-metrics-token-of-32-characters',
      };
      const named = commandLines(blocks.find((b) => b.info === 'settings')?.code ?? '')
        .flatMap((line) => [...line.matchAll(/(?:export\s+|\s)([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]))
        .sort();
      expect(named).toEqual(Object.keys(settings).sort());

      const script = [
        'set -euo pipefail',
        // Not the guide's: if a command fails, the server it started does not outlive the test.
        'trap \'[ -z "$SHIPYARD_PID" ] || kill -TERM "$SHIPYARD_PID" 2>/dev/null || true\' EXIT',
        'SHIPYARD_PID=',
        ...blocks.filter((b) => b.info === '').map((b) => b.code),
      ].join('\n');
      const child = spawn('bash', ['-c', script], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: os.tmpdir(),
          LOG_LEVEL: 'warn',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          ...settings,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      const killer = setTimeout(() => child.kill('SIGKILL'), 150_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(killer);

      expect(code, out).toBe(0);
      expect(out).toContain('copied 1 files');
      expect(out).toContain('with 2 server processes');
      expect(out).toContain('{"status":"ok"}');
      expect(out).toContain('shipyard_workers 2');
      expect(await s3.keys()).toEqual([`documents/${migrated}`]);
      for (const file of leftovers) expect((await fs.stat(file)).size).toBeGreaterThan(0);
    }, 180_000);
  },
);
