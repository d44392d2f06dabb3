import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';

// One PostgreSQL server for the run: the bundled one in a scratch directory, or the server
// named by TEST_DATABASE_URL. The real migrations run once into a template database; every
// test file then gets its own copy of it (see test-app.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDb: string;
    runId: string;
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let scratch: string | undefined;
  if (!serverUrl) {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-test-pg-'));
    await fs.chmod(scratch, 0o755); // the postgres user must be able to enter it
    const server = await startEmbeddedPostgres(scratch, () => {});
    serverUrl = server.url;
    stop = server.stop;
  }

  const templateDb = `shipyard_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await runMigrations(withDatabase(serverUrl, templateDb));

  project.provide('serverUrl', serverUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`shipyard_t_${runId}_%`, templateDb],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stop?.();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  };
}
