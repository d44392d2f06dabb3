import type pg from 'pg';

// The live rows (issue 28, docs/decisions/034-trash.md). A trashed task or product keeps its row
// (its comments, checklist, labels, files and history stay attached for a restore), and every read
// must leave it out. Rather than a condition in every query of every module, the app's connections
// see `tasks` and `products` through these views: schema "live" comes first on their search_path
// (db/client.ts). They are simple views, so PostgreSQL updates through them (INSERT, UPDATE and
// DELETE, RETURNING, FOR UPDATE): a write can no more reach a trashed row than a read. Migrations run
// on a connection without "live", on the tables; only modules/trash names `public.tasks` and
// `public.products` to reach what is in the trash.

/** The search_path of the app's connections. */
export const LIVE_SEARCH_PATH = 'live,public';

const LIVE_TABLES = ['products', 'tasks'] as const;

/**
 * Before migrations: a view pins the columns it reads, so a migration could not drop or retype one.
 * After: `select *` again, so a column a migration added is in the view too.
 */
export async function dropLiveViews(client: pg.ClientBase) {
  for (const table of LIVE_TABLES) await client.query(`DROP VIEW IF EXISTS live.${table}`);
}

export async function liveViewsExist(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    `SELECT ${LIVE_TABLES.map((t) => `to_regclass('live.${t}') IS NOT NULL`).join(' AND ')} AS ok`,
  );
  return rows[0]?.ok === true;
}

export async function createLiveViews(client: pg.ClientBase) {
  await client.query('CREATE SCHEMA IF NOT EXISTS live');
  for (const table of LIVE_TABLES) {
    // The migration that brought them (0026) made them already.
    await client.query(`DROP VIEW IF EXISTS live.${table}`);
    await client.query(`CREATE VIEW live.${table} AS SELECT * FROM public.${table} WHERE deleted_at IS NULL`);
  }
}
