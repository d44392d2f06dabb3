import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { createMemoryBus } from '../lib/realtime/changes.ts';

export const APP_URL = 'http://shipyard.test';

/** A clock the test can move: token expiry without waiting. */
export function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

export function memoryMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void sent.push(m), close: () => {} };
  return {
    mailer,
    sent,
    /** The last link mailed to an address that contains the given path. */
    linkTo(to: string, pathPart: string): URL {
      const mail = sent.findLast((m) => m.to === to && m.text.includes(pathPart));
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no mail to ${to} with a link to ${pathPart}`);
      return new URL(link);
    },
  };
}

/** A fresh database for one test file, copied from the migrated template. */
export async function createTestDatabase(): Promise<{
  url: string;
  database: Database;
  drop: () => Promise<void>;
}> {
  const serverUrl = inject('serverUrl');
  const name = `shipyard_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
      break;
    } catch (err) {
      // Another file is copying the template at this instant (55006): wait and try again.
      if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = connectDatabase(u.toString(), 5);
  return {
    url: u.toString(),
    database,
    drop: async () => {
      await database.close().catch(() => {}); // a test may have ended the pool itself
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Another connection pool on a test file's database, as a second server process has (closing it keeps the database). */
function joinTestDatabase(url: string) {
  const database = connectDatabase(url, 5);
  return { url, database, drop: () => database.close().catch(() => {}) };
}

export type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

export async function buildTestApp({
  sameDatabaseAs,
  ...overrides
}: Partial<Parameters<typeof buildApp>[0]> & {
  env?: Record<string, string>;
  /** Run on that app's database, as a second process of one instance does, instead of a fresh one. */
  sameDatabaseAs?: { databaseUrl: string };
} = {}) {
  const { url, database, drop } = sameDatabaseAs
    ? joinTestDatabase(sameDatabaseAs.databaseUrl)
    : await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-test-data-'));
  const config: Config = {
    // Tests write far faster than a person: the write limit per account is raised like the
    // sign-in limits below (the tests of the limit set their own).
    ...loadConfig({
      APP_URL: APP_URL,
      DATA_DIR: dataDir,
      WRITE_RATE_PER_MINUTE: '1000000',
      ...overrides.env,
    }),
    ...overrides.config,
  };
  const mail = memoryMailer();
  const clock = testClock();
  // In-memory realtime fan-out: `published` lists every change the app published after commit.
  const bus = createMemoryBus();
  const built = buildApp({
    config,
    db: database.db,
    pool: database.pool,
    mailer: mail.mailer,
    clock,
    logger: false,
    rateLimits: { login: 1000, register: 1000, reset: 1000, verify: 1000, resend: 1000 },
    webDist: path.join(dataDir, 'no-web-build'),
    databaseUrl: url,
    bus,
    ...overrides,
  });
  let app: FastifyInstance;
  try {
    app = await built;
    await app.ready();
  } catch (err) {
    // A boot that fails (a test of it, or a broken module) leaves no database behind.
    await built.then((a) => a.close()).catch(() => {});
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    db: database.db,
    pool: database.pool,
    databaseUrl: url,
    mail,
    clock,
    dataDir,
    /** Changes published on the in-memory bus (empty when a test passes its own `bus`). */
    published: bus.published,
    close: async () => {
      try {
        await app.close();
        await drop();
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A second server process on the test's database, with its own caches and nothing else shared:
 * what one process writes must show in the other's next answer.
 */
export async function buildOtherProcess(ctx: Pick<TestContext, 'databaseUrl' | 'dataDir' | 'clock'>) {
  const database = connectDatabase(ctx.databaseUrl, 3);
  const app = await buildApp({
    config: loadConfig({ APP_URL, DATA_DIR: ctx.dataDir }),
    db: database.db,
    clock: ctx.clock,
    logger: false,
    webDist: path.join(ctx.dataDir, 'no-web-build'),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
