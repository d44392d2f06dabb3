import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as migrateJobQueue } from 'graphile-worker';
import pg from 'pg';
import { createLiveViews, dropLiveViews, liveViewsExist } from './live-views.ts';

// In the bundle, the build copies the SQL files next to main.js (see build.mjs).
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// An arbitrary constant: every Shipyard process takes the same lock, so only one migrates at a time.
const MIGRATION_LOCK = 7_254_003_118;

/** Applies the committed migrations, then the job queue's, under a session advisory lock on a connection of its own. */
export async function runMigrations(url: string, folder = migrationsFolder) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // The live views are rebuilt only around migrations that run: a process starting beside
    // others already serving (WEB_CONCURRENCY, a rolling restart) leaves theirs in place.
    const pending = await hasPendingMigrations(client, folder);
    if (pending) await dropLiveViews(client);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    if (pending || !(await liveViewsExist(client))) await createLiveViews(client);
    // The job queue's own schema (graphile_worker), under the same lock: every notifying write
    // calls its add_job(), so it must exist before the app serves (lib/jobs.ts).
    await migrateJobQueue({ connectionString: url, logger: new Logger(() => () => {}) });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** When the newest committed migration was generated: drizzle records it as its `created_at`. */
export function newestMigration(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Whether drizzle's migrate() will apply any committed migration (newer than the last applied one). */
async function hasPendingMigrations(client: pg.Client, folder: string): Promise<boolean> {
  const journal = await client.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!journal.rows[0]?.present) return true;
  const { rows } = await client.query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last;
  if (last == null) return true;
  return readMigrationFiles({ migrationsFolder: folder }).some((m) => m.folderMillis > Number(last));
}
