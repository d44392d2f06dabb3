import type pg from 'pg';
import type { Storage } from '../../lib/storage.ts';
import { describeTable, quoteIdent } from './archive.database.ts';
import { ARCHIVE_FILE_AREAS } from './archive.tables.ts';

// What the archive's round trip compares (archive.roundtrip.test.ts): every row of a table in its
// primary key's order, as JSON, and every stored file, as base64.

export const rowsOf = async (pool: pg.Pool, table: string) => {
  const shape = await describeTable(pool, table);
  const order = shape.primaryKey.map(quoteIdent).join(', ');
  const { rows } = await pool.query<{ r: string }>(
    `SELECT to_jsonb(t)::text AS r FROM public.${quoteIdent(table)} t ORDER BY ${order}`,
  );
  return rows.map((r) => r.r);
};

export async function filesOf(storage: Storage) {
  const files: Record<string, string> = {};
  for (const area of ARCHIVE_FILE_AREAS) {
    for await (const f of storage.list(area)) {
      const stored = await storage.read(area, f.name);
      const chunks: Buffer[] = [];
      for await (const c of stored?.body ?? []) chunks.push(c as Buffer);
      files[`${area}/${f.name}`] = Buffer.concat(chunks).toString('base64');
    }
  }
  return files;
}
