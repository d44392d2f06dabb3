import { TASK_GROUPS } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskListVersions, tasks } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { readsMoves } from './tasks.query.ts';
import { edit, setStatus } from './tasks.test-kit.ts';

// Moves leave steady counts (migration 0045, docs/decisions/041-task-list-tallies.md): a product's
// steady_version moves on every write its lists count, except a transaction that only moved tasks
// (status, workflow state, completion, rank, updated_at). Counts that read none of those columns
// are kept by it, so they must still be those of a count made now after moves and after anything else.

const { ctx, as, member, otherProcess } = useTestApp();
const other = otherProcess();

type Listed = { total: number; groups?: { label: string; total: number }[] };

const list = async (who: Signed, query: string, app?: Parameters<typeof as>[2]) => {
  const res = await as(who, { url: `/api/tasks/all?${query}` }, app);
  expect(res.statusCode).toBe(200);
  const body = res.json() as Listed;
  return [body.total, body.groups?.map((g) => [g.label, g.total]) ?? []];
};

async function versionsOf(productId: string) {
  const [row] = await ctx.db
    .select({ version: taskListVersions.version, steady: taskListVersions.steadyVersion })
    .from(taskListVersions)
    .where(eq(taskListVersions.productId, productId));
  if (!row) throw new Error('no version row');
  return row;
}

describe('steady counts', () => {
  it('outlast a move, which still moves the counts that read status, and follow every other write', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dev Eloper');
    const product = await createProduct(ctx, owner.user.id, { name: 'Apollo' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, dev.user.id);
    const a = await createTask(ctx, product.id, { title: 'a', priority: 'high', assigneeId: dev.user.id });
    await createTask(ctx, product.id, { title: 'b', priority: 'low' });
    const since = new Date(Date.now() + 1000).toISOString();

    const shapes = [
      'group=priority',
      'assignee=me',
      'status=Completed',
      'group=status',
      `updatedSince=${since}`,
    ];
    const counts = () => Promise.all(shapes.map((q, i) => list(dev, q, i % 2 ? other : undefined)));
    expect(await counts()).toEqual([
      [
        2,
        [
          ['High', 1],
          ['Low', 1],
        ],
      ],
      [1, []],
      [0, []],
      [2, [['Pending', 2]]],
      [0, []],
    ]);

    // A move through the API (status, completion, rank, updated_at): version moves, steady does not.
    const start = await versionsOf(product.id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const moved = await as(owner, setStatus(a.id, 'Completed'));
    expect(moved.statusCode).toBe(200);
    const afterMove = await versionsOf(product.id);
    expect(afterMove.version).not.toBe(start.version);
    expect(afterMove.steady).toBe(start.steady);
    expect(await counts()).toEqual([
      [
        2,
        [
          ['High', 1],
          ['Low', 1],
        ],
      ],
      [1, []],
      [1, []],
      [
        2,
        [
          ['Pending', 1],
          ['Completed', 1],
        ],
      ],
      [1, []],
    ]);

    // Anything else moves both: a priority changed through the API, and straight to the database
    // a move together with another column.
    const changed = await as(owner, edit(a.id, { priority: 'low' }));
    expect(changed.statusCode).toBe(200);
    const afterChange = await versionsOf(product.id);
    expect(afterChange.steady).not.toBe(afterMove.steady);
    expect((await counts())[0]).toEqual([2, [['Low', 2]]]);

    await ctx.db
      .update(tasks)
      .set({ status: 'Pending', assigneeId: null, updatedAt: sql`now()` })
      .where(eq(tasks.id, a.id));
    expect((await versionsOf(product.id)).steady).not.toBe(afterChange.steady);
    expect(await counts()).toEqual([
      [2, [['Low', 2]]],
      [0, []],
      [0, []],
      [2, [['Pending', 2]]],
      [1, []],
    ]);

    // A new task and a deleted one move both as well.
    const c = await createTask(ctx, product.id, { title: 'c', priority: 'high', assigneeId: dev.user.id });
    expect((await counts())[1]).toEqual([1, []]);
    const removed = await as(owner, { method: 'DELETE', url: `/api/tasks/${c.id}` });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await counts())[0]).toEqual([2, [['Low', 2]]]);
  });

  it('are the counts of no filter and no grouping that reads status, state, completion, rank or updated_at', () => {
    const reading = TASK_GROUPS.filter((group) => readsMoves({}, group));
    expect(reading).toEqual(['status', 'state', 'due']);
    expect(readsMoves({}, undefined)).toBe(false);
    expect(readsMoves({ status: ['Pending'] }, undefined)).toBe(true);
    expect(readsMoves({ stateId: ['00000000-0000-0000-0000-000000000000'] }, 'label')).toBe(true);
    expect(readsMoves({ due: 'overdue' }, undefined)).toBe(true);
    expect(readsMoves({ due: 'week' }, 'assignee')).toBe(false);
    expect(readsMoves({ updatedSince: '2026-01-01' }, undefined)).toBe(true);
    expect(
      readsMoves(
        { preset: 'mentioning', label: ['bug'], priority: ['high'], search: 'x', teamId: ['none'] },
        'priority',
      ),
    ).toBe(false);
    // A filter the table does not name is taken to read them.
    expect(readsMoves({ unknown: 1 } as never, undefined)).toBe(true);
  });
});
