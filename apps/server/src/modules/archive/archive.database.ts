import type pg from 'pg';

// What the archive asks PostgreSQL about its own tables: read from the catalog at run time, so
// a column added by a later migration is exported and restored without touching this module.

type Queryable = Pick<pg.ClientBase, 'query'>;

export type TableShape = {
  name: string;
  /** Every column a row is written with, in table order (generated columns left out). */
  columns: string[];
  /** Generated columns (search vectors): PostgreSQL computes them, a restore never inserts them. */
  generated: string[];
  primaryKey: string[];
};

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function describeTable(db: Queryable, name: string): Promise<TableShape> {
  const columns = await db.query<{ column_name: string; is_generated: string }>(
    `SELECT column_name, is_generated FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [name],
  );
  if (!columns.rows.length) throw new Error(`table ${name} does not exist`);
  const key = await db.query<{ attname: string }>(
    `SELECT a.attname FROM pg_index i
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY k.n`,
    [`public.${quoteIdent(name)}`],
  );
  if (!key.rows.length) throw new Error(`table ${name} has no primary key`);
  return {
    name,
    columns: columns.rows.filter((c) => c.is_generated !== 'ALWAYS').map((c) => c.column_name),
    generated: columns.rows.filter((c) => c.is_generated === 'ALWAYS').map((c) => c.column_name),
    primaryKey: key.rows.map((r) => r.attname),
  };
}

/** Every table of the public schema. */
export async function publicTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** The migrations applied to this database (drizzle's journal): how many, and the newest one's hash. */
export async function schemaVersion(db: Queryable): Promise<{ migrations: number; latest: string }> {
  const { rows } = await db.query<{ migrations: string; latest: string | null }>(
    `SELECT count(*) AS migrations,
            (SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1) AS latest
       FROM drizzle.__drizzle_migrations`,
  );
  return { migrations: Number(rows[0]?.migrations ?? 0), latest: rows[0]?.latest ?? '' };
}
