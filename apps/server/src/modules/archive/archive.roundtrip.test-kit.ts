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

type Send<W> = (who: W, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => Promise<unknown>;

/**
 * Issue 31's planning rows through their routes, as `who`: a planned stage of the product
 * (decision 056), and a cycle holding the task with its scope event and the product's cycle
 * setting (decision 058).
 */
export async function populatePlanning<W>(send: Send<W>, who: W, productId: string, taskId: string) {
  const plan = { starts_on: '2026-03-01', ends_on: '2026-05-31' };
  await send(who, 'PUT', `/api/projects/${productId}/stage-plans/development`, plan);
  const cycle = (await send(who, 'POST', `/api/projects/${productId}/cycles`, {
    name: 'Sprint 1',
    starts_on: '2026-11-30',
    ends_on: '2026-12-11',
  })) as { id: string };
  await send(who, 'POST', `/api/cycles/${cycle.id}/tasks`, { taskIds: [taskId] });
  await send(who, 'PUT', `/api/projects/${productId}/cycle-settings`, { rollOver: false });
}
