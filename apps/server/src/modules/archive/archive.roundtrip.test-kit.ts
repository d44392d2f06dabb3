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

/**
 * The round trip's rows written straight into their tables (their routes are covered by their
 * modules' tests): events, a feed, notification settings and items, a mention, a reminder, an
 * activity entry and stage gates, for a product, a task of it, its owner and a member.
 */
export async function insertDirectly(
  pool: pg.Pool,
  {
    productId,
    taskId,
    ownerId,
    miaId,
  }: { productId: string; taskId: string; ownerId: string; miaId: string },
) {
  await pool.query(
    `INSERT INTO events (title, date, type, status, product_id, created_by) VALUES ('Launch', '2026-12-01', 'milestone', 'Planning', $1, $2)`,
    [productId, ownerId],
  );
  // A weekly event with one date deleted on its own (issue 29, decision 042).
  await pool.query(
    `WITH e AS (INSERT INTO events (title, date, type, status, product_id, created_by, recurrence)
       VALUES ('Standup', '2026-12-01', 'meeting', 'Planning', $1, $2, 'FREQ=WEEKLY') RETURNING id)
     INSERT INTO event_exceptions (event_id, occurs_on, cancelled) SELECT id, '2026-12-08', true FROM e`,
    [productId, ownerId],
  );
  await pool.query(`INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, 'feed-hash')`, [miaId]);
  await pool.query(
    `INSERT INTO notification_settings (user_id, time_zone, preferences) VALUES ($1, 'Europe/Paris', '{"TASK_COMMENT": {"email": "off"}}')`,
    [miaId],
  );
  await pool.query(
    `INSERT INTO notification_digest_items (user_id, type, message, metadata) VALUES ($1, 'TASK_COMMENT', 'A comment', '{"n": 1}')`,
    [miaId],
  );
  await pool.query(
    `INSERT INTO notifications (user_id, type, message) VALUES ($1, 'TASK_ASSIGNED', 'You have a task')`,
    [miaId],
  );
  await pool.query(
    `INSERT INTO comment_mentions (comment_id, user_id) SELECT id, $1 FROM task_comments WHERE task_id = $2`,
    [miaId, taskId],
  );
  await pool.query(
    `INSERT INTO task_reminders (task_id, user_id, kind, due_date) VALUES ($1, $2, 'due_soon', '2026-12-02')`,
    [taskId, miaId],
  );
  await pool.query(
    `INSERT INTO activities (product_id, task_id, performed_by, action_type, description) VALUES ($1, $2, $3, 'task_created', 'Created')`,
    [productId, taskId, ownerId],
  );
  // Stage gates (issue 32): a workspace default, a product's own and a confirmation of its item.
  const criteria = JSON.stringify([
    { id: '6f1d6c1e-8b1a-4c1f-9a43-0d2f2a8e5b11', kind: 'manual', label: 'Scope agreed' },
  ]);
  await pool.query(
    `INSERT INTO workspace_stage_gates (stage, criteria, updated_by) VALUES ('testing', $1, $2)`,
    [criteria, ownerId],
  );
  await pool.query(
    `INSERT INTO product_stage_gates (product_id, stage, criteria, updated_by) VALUES ($1, 'planning', $2, $3)`,
    [productId, criteria, ownerId],
  );
  await pool.query(
    `INSERT INTO product_gate_marks (product_id, stage, criterion_id, kind, user_id) VALUES ($1, 'planning', '6f1d6c1e-8b1a-4c1f-9a43-0d2f2a8e5b11', 'confirmed', $2)`,
    [productId, ownerId],
  );
}
