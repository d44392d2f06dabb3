import { TASK_GROUPS, TASK_SORTS, type Task } from '@shipyard/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cursorMessages, encodeCursor } from '../../lib/cursor.ts';
import { createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { taskCursorMessages } from './tasks.cursor.ts';
import { labelTasks } from './tasks.query.test-kit.ts';

// Sorting and grouping the task lists (issue 28): each sort's order (nulls last), groups first
// ("none" last) with their totals, and keyset paging through every sort and grouping that answers
// each task exactly once, in the same order as one big page.
const { ctx, as, member, productOf } = useTestApp();

const TODAY = '2030-06-15';
let me: Signed;
let otherProductId: string;

const PRIORITY = { critical: 4, high: 3, medium: 2, low: 1 } as const;

beforeAll(async () => {
  me = await member('Mia Me');
  const ann = await member('Ann Other');
  const { product, team } = await productOf(me, [ann], { name: 'Zulu' });
  const { product: other } = await productOf(me, [], { name: 'alpha product' });
  const second = await createTeam(ctx, product.id, { name: 'Another team' });
  otherProductId = other.id;
  const priorities = ['low', 'medium', 'high', 'critical'] as const;
  const statuses = ['Pending', 'In Progress', 'Completed'] as const;
  const dues = [null, '2030-06-01', '2030-06-15', '2030-06-18', '2030-07-30', '2030-06-15', null];
  const names = ['apple', 'Apple', 'banana', 'cherry', 'apple', 'date', 'elder'];
  const ids: string[] = [];
  // Ties on every sort key (same due, priority, title ignoring case, created and updated instants).
  for (let i = 0; i < 21; i++) {
    const task = await createTask(ctx, i % 5 === 0 ? other.id : product.id, {
      title: `${names[i % names.length]} ${i % 3}`,
      priority: priorities[i % 4],
      status: statuses[i % 3],
      dueDate: dues[i % dues.length],
      assigneeId: [null, me.user.id, ann.user.id][i % 3],
      teamId: i % 5 === 0 ? null : [null, team.id, second.id][i % 3],
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, Math.floor(i / 2))),
      updatedAt: new Date(Date.UTC(2030, 1, 1, 0, 0, i % 4)),
    });
    ids.push(task.id);
  }
  // Two labels on one task: listed under the first by name.
  await labelTasks(ctx, product.id, 'Zeta', [ids[1] ?? '', ids[2] ?? '']);
  await labelTasks(ctx, product.id, 'beta', [ids[2] ?? '', ids[3] ?? '']);
  await labelTasks(ctx, other.id, 'Beta', [ids[5] ?? '']);
});

type Page = { data: Task[]; total: number; nextCursor: string | null; groups?: unknown[] };
const get = async (query: string): Promise<Page> => {
  const res = await as(me, { url: `/api/tasks/all?today=${TODAY}&${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json();
};

/** Every page of the query, `limit` at a time. */
async function allPages(query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page: Page = await get(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.data.map((t) => t.id));
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('more pages than tasks');
}

/** The value a sort orders by, nulls as the last. */
const sortValue = (task: Task, sort: string, order: 'asc' | 'desc'): string | number => {
  const last = order === 'asc' ? '\uffff' : '';
  if (sort === 'due') return task.dueDate ?? last;
  if (sort === 'priority') return PRIORITY[task.priority];
  if (sort === 'title') return task.title.toLowerCase();
  if (sort === 'updated') return task.updatedAt;
  if (sort === 'manual') return task.rank;
  return task.createdAt;
};

// Sorts and groupings by a custom field (issue 29) name the field: modules/fields tests them.
const BUILT_IN_SORTS = TASK_SORTS.filter((sort) => sort !== 'field');
const BUILT_IN_GROUPS = TASK_GROUPS.filter((group) => group !== 'field');

describe('sorting and paging the task lists', () => {
  it.each(
    BUILT_IN_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)),
  )(
    'sort=%s&order=%s: ordered by the sort (nulls last), every task once across pages',
    async (sort, order) => {
      const whole = await get(`sort=${sort}&order=${order}&limit=100`);
      expect(whole.total).toBe(21);
      const values = whole.data.map((t) => sortValue(t, sort, order));
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
      if (sort === 'due') expect(whole.data.slice(-6).map((t) => t.dueDate)).toEqual(Array(6).fill(null));
      const paged = await allPages(`sort=${sort}&order=${order}`, 4);
      expect(paged).toEqual(whole.data.map((t) => t.id));
      expect(new Set(paged).size).toBe(21);
    },
  );

  it('has a sensible default order per sort: due, title and manual ascending, the others newest or highest first', async () => {
    const first = async (query: string) => (await get(`${query}&limit=1`)).data[0];
    expect((await first('sort=due'))?.dueDate).toBe('2030-06-01');
    expect((await first('sort=priority'))?.priority).toBe('critical');
    expect((await first('sort=title'))?.title.toLowerCase()).toMatch(/^apple/);
    const ranks = (await get('limit=100')).data
      .map((t) => t.rank)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect((await first('sort=manual'))?.rank).toBe(ranks[0]);
    expect(await first('sort=created')).toEqual(await first(''));
  });

  it.each(BUILT_IN_GROUPS)(
    'group=%s: rows by group ("none" last) then by the sort, totals of the whole set, every task once across pages',
    async (group) => {
      const whole = await get(`group=${group}&sort=priority&limit=100`);
      const groups = whole.groups as Array<{ key: string; label: string; total: number }>;
      expect(groups.reduce((n, g) => n + g.total, 0)).toBe(21);
      expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
      if (groups.some((g) => g.key === 'none')) expect(groups.at(-1)?.key).toBe('none');
      // The rows come group after group, in the groups' order, each group's in the sort's order.
      const keyOf = (t: Task): string => {
        switch (group) {
          case 'status':
            return t.status;
          case 'priority':
            return t.priority;
          case 'assignee':
            return t.assigneeId ?? 'none';
          case 'team':
            return t.teamId ?? 'none';
          case 'product':
            return t.projectId;
          case 'state':
            return t.stateId ?? 'none';
          case 'label':
            return [...t.labels].map((l) => l.name.toLowerCase()).sort()[0] ?? 'none';
          default:
            return dueKey(t);
        }
      };
      const runs: Array<{ key: string; tasks: Task[] }> = [];
      for (const task of whole.data) {
        const key = keyOf(task);
        if (runs.at(-1)?.key !== key) runs.push({ key, tasks: [] });
        runs.at(-1)?.tasks.push(task);
      }
      expect(runs.map((r) => r.key)).toEqual(groups.map((g) => g.key));
      expect(runs.map((r) => r.tasks.length)).toEqual(groups.map((g) => g.total));
      for (const run of runs) {
        const ranks = run.tasks.map((t) => PRIORITY[t.priority]);
        expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
      }
      const paged = await allPages(`group=${group}&sort=priority`, 5);
      expect(paged).toEqual(whole.data.map((t) => t.id));
      // One at a time: the first group fills the first page, read within it (decision 041).
      expect(groups[0]?.total).toBeGreaterThan(1);
      expect(await allPages(`group=${group}&sort=priority`, 1)).toEqual(paged);
      // A later page still says the groups of the whole set.
      expect((await get(`group=${group}&sort=priority&limit=5`)).groups).toEqual(groups);
    },
  );

  it('names the groups: statuses, priorities, people, teams, products, labels and due buckets', async () => {
    const groupsOf = async (group: string) =>
      ((await get(`group=${group}&limit=1`)).groups as Array<{ key: string; label: string }>).map(
        (g) => `${g.key === 'none' || !/^[0-9a-f-]{36}$/.test(g.key) ? g.key : 'id'}=${g.label}`,
      );
    expect(await groupsOf('status')).toEqual([
      'Pending=Pending',
      'In Progress=In Progress',
      'Completed=Completed',
    ]);
    expect(await groupsOf('priority')).toEqual([
      'critical=Critical',
      'high=High',
      'medium=Medium',
      'low=Low',
    ]);
    expect(await groupsOf('assignee')).toEqual(['id=Ann Other', 'id=Mia Me', 'none=No assignee']);
    expect(await groupsOf('team')).toEqual(['id=Another team', 'id=Core team', 'none=No team']);
    expect(await groupsOf('product')).toEqual(['id=alpha product', 'id=Zulu']);
    // 'beta' and 'Beta' of two products are one group; the task with Zeta and beta is under beta.
    const labels = (await get('group=label&limit=1')).groups as Array<{ key: string; total: number }>;
    expect(labels.map((g) => [g.key, g.total])).toEqual([
      ['beta', 3],
      ['zeta', 1],
      ['none', 17],
    ]);
    expect(await groupsOf('due')).toEqual([
      'overdue=Overdue',
      'today=Today',
      'week=This week',
      'later=Later',
      'earlier=Earlier',
      'none=No due date',
    ]);
    // A product's list groups too; without `group` the answer has no groups.
    const product = await as(me, { url: `/api/tasks/${otherProductId}/tasks?group=status` });
    expect(product.json().groups.reduce((n: number, g: { total: number }) => n + g.total, 0)).toBe(5);
    expect((await get('limit=1')).groups).toBeUndefined();
  });

  it('refuses a cursor of another sort or grouping, and a forged one, with 400', async () => {
    const byDue = (await get('sort=due&limit=2')).nextCursor;
    const spec = (await get('limit=2')).nextCursor;
    const grouped = (await get('sort=due&group=status&limit=2')).nextCursor;
    const cases: Array<[string, string]> = [
      [`sort=title&cursor=${byDue}`, taskCursorMessages.otherOrder],
      [`sort=due&order=desc&cursor=${byDue}`, taskCursorMessages.otherOrder],
      [`sort=due&group=status&cursor=${byDue}`, taskCursorMessages.otherOrder],
      [`sort=due&cursor=${grouped}`, taskCursorMessages.otherOrder],
      [`cursor=${byDue}`, taskCursorMessages.otherOrder],
      [`sort=due&cursor=${spec}`, taskCursorMessages.otherOrder],
      [
        `sort=due&cursor=${forge({ t: 'due.asc.', v: ['2030-02-30'], id: crypto.randomUUID() })}`,
        cursorMessages.invalid,
      ],
      [
        `sort=due&cursor=${forge({ t: 'due.asc.', v: ["1'); drop table tasks; --"], id: crypto.randomUUID() })}`,
        cursorMessages.invalid,
      ],
      [
        `sort=priority&cursor=${forge({ t: 'priority.desc.', v: ['high'], id: crypto.randomUUID() })}`,
        cursorMessages.invalid,
      ],
      [`sort=due&cursor=${forge({ t: 'due.asc.', v: [], id: 'x' })}`, cursorMessages.invalid],
      ['sort=due&cursor=not*base64', cursorMessages.invalid],
    ];
    for (const [query, message] of cases) {
      const res = await as(me, { url: `/api/tasks/all?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    // The spec's cursor (the board's columns hand it out) keeps working on the spec's order.
    const board = encodeCursor({ createdAt: '2030-01-01T00:00:05.000000Z', id: crypto.randomUUID() });
    expect((await as(me, { url: `/api/tasks/all?cursor=${board}` })).statusCode).toBe(200);
  });
});

const forge = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The due bucket a task falls in on TODAY (2030-06-15). */
function dueKey(t: Task): string {
  if (!t.dueDate) return 'none';
  if (t.dueDate < TODAY) return t.status === 'Completed' ? 'earlier' : 'overdue';
  if (t.dueDate === TODAY) return 'today';
  return t.dueDate <= '2030-06-22' ? 'week' : 'later';
}
