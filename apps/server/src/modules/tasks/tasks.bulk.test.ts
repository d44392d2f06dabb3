import { BULK_CHANGES_PER_MINUTE, BULK_TASKS_MAX, bulkMessages, taskMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import type { Req } from '../../testing/http.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf, notificationsOf } from '../../testing/stored.ts';
import { storedTask } from './tasks.test-kit.ts';

// Bulk changes from the keyboard (issue 30): PATCH /api/tasks/bulk and its Undo, /bulk/restore.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

const bulk = (ids: string[], change: object): Req => ({
  method: 'PATCH',
  url: '/api/tasks/bulk',
  payload: { ids, change },
});
const restore = (items: unknown): Req => ({
  method: 'PATCH',
  url: '/api/tasks/bulk/restore',
  payload: { items },
});

async function threeTasks(owner: Awaited<ReturnType<typeof member>>, people: (typeof owner)[] = []) {
  const { product } = await productOf(owner, people);
  const tasks = [];
  for (const title of ['One', 'Two', 'Three']) tasks.push(await createTask(ctx, product.id, { title }));
  return { product, tasks, ids: tasks.map((t) => t.id) };
}

describe('PATCH /api/tasks/bulk', () => {
  it('sets the status of every task in one request, records each, and answers their previous values', async () => {
    const owner = await member();
    const { product, ids } = await threeTasks(owner);
    const published = await publishedBy(async () => {
      const res = await as(owner, bulk(ids, { status: 'In Progress' }));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.tasks.map((t: { id: string; status: string }) => [t.id, t.status])).toEqual(
        ids.map((id) => [id, 'In Progress']),
      );
      expect(body.previous.map((p: { id: string }) => p.id)).toEqual(ids);
      // Each went back to its own previous value with one more request.
      const undone = await as(owner, restore(body.previous));
      expect(undone.statusCode).toBe(200);
      expect(undone.json().tasks.map((t: { status: string }) => t.status)).toEqual([
        'Pending',
        'Pending',
        'Pending',
      ]);
    });
    expect(published.filter((c) => c.kind === 'task').length).toBeGreaterThanOrEqual(6);
    const entries = await entriesOf(ctx, product.id);
    expect(entries.filter((e) => e.actionType === 'task_status_updated')).toHaveLength(6);
  });

  it('assigns, sets the priority and the due date of every task, and tells the new assignee', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { ids } = await threeTasks(owner, [dev]);
    const assigned = await as(owner, bulk(ids, { assigneeId: dev.user.id }));
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().previous).toEqual(ids.map((id) => ({ id, change: { assigneeId: null } })));
    expect(await notificationsOf(ctx, dev.user.id)).toHaveLength(3);

    expect((await as(owner, bulk(ids, { priority: 'High' }))).statusCode).toBe(200);
    const due = await as(owner, bulk(ids, { dueDate: '2031-01-15' }));
    expect(due.json().previous).toEqual(ids.map((id) => ({ id, change: { dueDate: null } })));
    for (const id of ids) {
      expect(await storedTask(ctx, id)).toMatchObject({
        assigneeId: dev.user.id,
        priority: 'high',
        dueDate: '2031-01-15',
      });
    }
  });

  it('answers 401 without a session', async () => {
    const res = await as(undefined, bulk([UNKNOWN_ID], { priority: 'low' }));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a guest with 403 and changes nothing', async () => {
    const owner = await member();
    const visitor = await guest();
    const { ids } = await threeTasks(owner, [visitor]);
    const res = await as(visitor, bulk(ids, { priority: 'low' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(taskMessages.guestReadOnly);
    for (const id of ids) expect((await storedTask(ctx, id))?.priority).toBe('medium');
  });

  it('answers 404 for the whole request when one task is not visible, and changes none', async () => {
    const owner = await member();
    const stranger = await member('Sam Stranger');
    const { ids } = await threeTasks(owner);
    const { tasks: theirs } = await threeTasks(stranger);
    const res = await as(owner, bulk([...ids, theirs[0]?.id ?? UNKNOWN_ID], { priority: 'critical' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(taskMessages.notFound);
    for (const id of ids) expect((await storedTask(ctx, id))?.priority).toBe('medium');
    expect((await as(owner, bulk([UNKNOWN_ID], { priority: 'low' }))).statusCode).toBe(404);
  });

  it('refuses more than 200 tasks, no task, an empty or double change, and a bad value with 400', async () => {
    const owner = await member();
    const { ids } = await threeTasks(owner);
    const many = Array.from({ length: BULK_TASKS_MAX + 1 }, () => UNKNOWN_ID);
    const cases: Array<[Req, string]> = [
      [bulk(many, { priority: 'low' }), bulkMessages.tooMany],
      [bulk([], { priority: 'low' }), bulkMessages.noTasks],
      [bulk(ids, { priority: 'low', dueDate: '2031-01-01' }), bulkMessages.oneChange],
      [bulk(ids, { status: 'Sleeping' }), taskMessages.statusUnknown],
    ];
    for (const [req, message] of cases) {
      const res = await as(owner, req);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await as(owner, bulk(ids, {}))).statusCode).toBe(400);
    // A field a bulk change does not set is refused, not ignored.
    expect((await as(owner, bulk(ids, { title: 'All the same' }))).statusCode).toBe(400);
    expect((await as(owner, restore([]))).statusCode).toBe(400);
    for (const id of ids) expect((await storedTask(ctx, id))?.priority).toBe('medium');
  });

  it('refuses an assignee who is not of the product for every task, changing none', async () => {
    const owner = await member();
    const outsider = await member('Olly Outsider');
    const { ids } = await threeTasks(owner);
    const res = await as(owner, bulk(ids, { assigneeId: outsider.user.id }));
    expect(res.statusCode).toBe(400);
    for (const id of ids) expect((await storedTask(ctx, id))?.assigneeId).toBeNull();
  });

  it(`allows ${BULK_CHANGES_PER_MINUTE} bulk changes a minute per account, then 429`, async () => {
    const owner = await member();
    const { ids } = await threeTasks(owner);
    for (let i = 0; i < BULK_CHANGES_PER_MINUTE; i++) {
      expect((await as(owner, bulk(ids.slice(0, 1), { priority: i % 2 ? 'low' : 'high' }))).statusCode).toBe(
        200,
      );
    }
    const res = await as(owner, bulk(ids, { priority: 'critical' }));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'BULK_RATE_LIMITED', message: bulkMessages.rateLimited });
  });
});
