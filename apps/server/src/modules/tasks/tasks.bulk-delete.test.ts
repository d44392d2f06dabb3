import {
  BULK_CHANGES_PER_MINUTE,
  BULK_TASKS_MAX,
  bulkMessages,
  taskMessages,
  trashMessages,
} from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';

// Issue 30, Delete with Undo: POST /api/tasks/bulk/delete, and its Undo POST /api/trash/tasks/restore.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

const remove = (ids: string[]): Req => ({ method: 'POST', url: '/api/tasks/bulk/delete', payload: { ids } });
const restore = (ids: string[]): Req => ({
  method: 'POST',
  url: '/api/trash/tasks/restore',
  payload: { ids },
});

async function threeTasks(owner: Signed, people: Signed[] = []) {
  const { product } = await productOf(owner, people);
  const ids = [];
  for (const title of ['One', 'Two', 'Three']) ids.push((await createTask(ctx, product.id, { title })).id);
  return { product, ids };
}

/** Who put the task in the trash (the table itself: the app's reads see live tasks only), or null. */
async function trashedBy(id: string): Promise<string | null | undefined> {
  const { rows } = await ctx.db.execute<{ deleted_by: string | null }>(
    sql`select deleted_by from public.tasks where id = ${id}`,
  );
  return rows[0]?.deleted_by;
}

const listed = async (who: Signed, productId: string) =>
  ((await as(who, { url: `/api/tasks/${productId}/tasks` })).json().data as Array<{ id: string }>).map(
    (t) => t.id,
  );

describe('POST /api/tasks/bulk/delete and its Undo', () => {
  it('moves every task to the trash in one request, records and publishes each, and the Undo brings them all back', async () => {
    const owner = await member();
    const { product, ids } = await threeTasks(owner);
    const deleted = await publishedBy(async () => {
      const res = await as(owner, remove(ids));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ids });
    });
    expect(deleted.filter((c) => c.kind === 'task' && c.op === 'deleted').map((c) => c.id)).toEqual(
      expect.arrayContaining(ids),
    );
    for (const id of ids) expect(await trashedBy(id)).toBe(owner.user.id);
    expect(await listed(owner, product.id)).toEqual([]);
    const entries = await entriesOf(ctx, product.id);
    expect(entries.filter((e) => e.actionType === 'task_deleted')).toHaveLength(3);

    const restored = await publishedBy(async () => {
      const res = await as(owner, restore(ids));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ids });
    });
    expect(restored.filter((c) => c.kind === 'task' && c.op === 'created')).toHaveLength(3);
    for (const id of ids) expect(await trashedBy(id)).toBeNull();
    expect((await listed(owner, product.id)).sort()).toEqual([...ids].sort());
    expect((await entriesOf(ctx, product.id)).filter((e) => e.actionType === 'task_restored')).toHaveLength(
      3,
    );
  });

  it('answers 401 without a session', async () => {
    expect((await as(undefined, remove([UNKNOWN_ID]))).statusCode).toBe(401);
    expect((await as(undefined, restore([UNKNOWN_ID]))).statusCode).toBe(401);
  });

  it('refuses a guest with 403 and deletes nothing', async () => {
    const owner = await member();
    const visitor = await guest();
    const { ids } = await threeTasks(owner, [visitor]);
    const res = await as(visitor, remove(ids));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(taskMessages.guestReadOnly);
    for (const id of ids) expect(await trashedBy(id)).toBeNull();
  });

  it('answers 404 for the whole request when one task is out of sight, and deletes none', async () => {
    const owner = await member();
    const stranger = await member('Sam Stranger');
    const { ids } = await threeTasks(owner);
    const { ids: theirs } = await threeTasks(stranger);
    const res = await as(owner, remove([...ids, theirs[0] ?? UNKNOWN_ID]));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(taskMessages.notFound);
    for (const id of ids) expect(await trashedBy(id)).toBeNull();
  });

  it('restores none when one is not in the trash (404) or not the caller’s to restore (403)', async () => {
    const owner = await member('Olga Owner');
    const colleague = await member('Cole League');
    const { ids } = await threeTasks(owner, [colleague]);
    const [first = '', second = '', third = ''] = ids;
    expect((await as(owner, remove([first, second]))).statusCode).toBe(200);
    const notInTrash = await as(owner, restore([first, third]));
    expect(notInTrash.statusCode).toBe(404);
    expect(notInTrash.json().message).toBe(trashMessages.notFound);
    // The colleague sees the product but neither manages it nor deleted these.
    const forbidden = await as(colleague, restore([first, second]));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(trashMessages.forbidden);
    for (const id of [first, second]) expect(await trashedBy(id)).toBe(owner.user.id);
  });

  it('refuses no task, too many and a bad id with 400 and a clear message', async () => {
    const owner = await member();
    const many = Array.from({ length: BULK_TASKS_MAX + 1 }, () => UNKNOWN_ID);
    const cases: Array<[Req, string]> = [
      [remove([]), bulkMessages.noTasks],
      [remove(many), bulkMessages.tooMany],
      [remove(['ATL-1']), taskMessages.notFound],
      [restore([]), bulkMessages.noTasks],
      [restore(many), bulkMessages.tooMany],
    ];
    for (const [req, message] of cases) {
      const res = await as(owner, req);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it(`allows ${BULK_CHANGES_PER_MINUTE} deletes and as many Undos a minute per account, then 429`, async () => {
    const owner = await member();
    const { ids } = await threeTasks(owner);
    const one = ids.slice(0, 1);
    for (let i = 0; i < BULK_CHANGES_PER_MINUTE * 2; i++) {
      expect((await as(owner, i % 2 ? restore(one) : remove(one))).statusCode).toBe(200);
    }
    for (const req of [remove(ids), restore(one)]) {
      const res = await as(owner, req);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'BULK_RATE_LIMITED', message: bulkMessages.rateLimited });
    }
    expect(await trashedBy(ids[1] ?? '')).toBeNull();
  });
});
