import { TaskQuerySchema, taskQueryMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { addMember, apiTokenHeaders, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { labelTasks, mention, watch } from './tasks.query.test-kit.ts';
import { titles } from './tasks.test-kit.ts';

// The task query's filters and presets (issue 28) on every task list: what each one keeps, how
// they combine, what a bad value answers, and that no filter reaches past what the caller sees.
const { ctx, as, member, guest, productOf } = useTestApp();

const TODAY = '2030-06-15';
type Fixture = {
  me: Signed;
  owner: Signed;
  onlooker: Signed;
  p1: string;
  p2: string;
  t1: string;
  t2: string;
  hidden: string;
};
let f: Fixture;

beforeAll(async () => {
  const me = await member('Mia Me');
  const owner = await member('Olga Owner');
  const onlooker = await guest('Gil Guest');
  const { product: p1, team: t1 } = await productOf(owner, [me, onlooker], { name: 'One' });
  const { product: p2, team: t2 } = await productOf(owner, [me], { name: 'Two' });
  const { product: p3 } = await productOf(owner, [], { name: 'Hidden' });
  const at = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, n));
  const old = new Date('2030-01-01T00:00:00Z');
  const a = await createTask(ctx, p1.id, {
    title: 'Alpha',
    assigneeId: me.user.id,
    priority: 'high',
    dueDate: '2030-06-10',
    teamId: t1.id,
    createdBy: owner.user.id,
    createdAt: at(1),
    updatedAt: new Date('2030-06-14T08:00:00Z'),
  });
  const b = await createTask(ctx, p1.id, {
    title: 'Bravo',
    priority: 'low',
    dueDate: TODAY,
    createdBy: me.user.id,
    createdAt: at(2),
    updatedAt: old,
  });
  const c = await createTask(ctx, p2.id, {
    title: 'Charlie',
    assigneeId: owner.user.id,
    priority: 'critical',
    dueDate: '2030-06-20',
    status: 'Completed',
    teamId: t2.id,
    createdBy: owner.user.id,
    createdAt: at(3),
    updatedAt: old,
  });
  const d = await createTask(ctx, p2.id, {
    title: 'Delta',
    assigneeId: me.user.id,
    status: 'In Progress',
    createdBy: me.user.id,
    createdAt: at(4),
    updatedAt: old,
  });
  await createTask(ctx, p1.id, {
    title: 'Echo',
    dueDate: '2030-06-01',
    status: 'Completed',
    createdBy: owner.user.id,
    createdAt: at(5),
    updatedAt: old,
  });
  // Out of sight, and matching every filter: it must never show.
  const hiddenTeam = await createTeam(ctx, p3.id);
  await addMember(ctx, hiddenTeam.id, owner.user.id);
  const h = await createTask(ctx, p3.id, {
    title: 'Hotel',
    assigneeId: me.user.id,
    createdBy: me.user.id,
    priority: 'high',
    dueDate: '2030-06-10',
    teamId: hiddenTeam.id,
    createdAt: at(6),
    updatedAt: new Date('2030-06-14T09:00:00Z'),
  });
  await labelTasks(ctx, p1.id, 'Bug', [a.id]);
  await labelTasks(ctx, p2.id, 'BUG', [c.id]);
  await labelTasks(ctx, p2.id, 'Docs', [c.id]);
  await labelTasks(ctx, p3.id, 'bug', [h.id]);
  await watch(ctx, b.id, me.user.id);
  await watch(ctx, h.id, me.user.id);
  await mention(ctx, d.id, me.user.id);
  await mention(ctx, h.id, me.user.id);
  await mention(ctx, c.id, owner.user.id);
  f = { me, owner, onlooker, p1: p1.id, p2: p2.id, t1: t1.id, t2: t2.id, hidden: p3.id };
});

/** The titles /tasks/all answers `who` for the query (newest first), checking the total says as many. */
async function listed(who: Signed, query: string) {
  const res = await as(who, { url: `/api/tasks/all?today=${TODAY}&limit=50&${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  expect(res.json().total, query).toBe(res.json().data.length);
  return titles(res.json());
}

describe('the task query on GET /api/tasks/all', () => {
  it('keeps, for each filter and preset, exactly the tasks it names, never a task out of sight', async () => {
    const cases: Array<[string, string[]]> = [
      ['', ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']],
      ['preset=assigned', ['Delta', 'Alpha']],
      ['preset=created', ['Delta', 'Bravo']],
      ['preset=watching', ['Bravo']],
      ['preset=mentioning', ['Delta']],
      ['assignee=me', ['Delta', 'Alpha']],
      ['assignee=none', ['Echo', 'Bravo']],
      ['assignee=me,none', ['Echo', 'Delta', 'Bravo', 'Alpha']],
      [`assignee=${f.owner.user.id}`, ['Charlie']],
      ['label=bug', ['Charlie', 'Alpha']],
      ['label=docs', ['Charlie']],
      ['label=Docs&label=BUG', ['Charlie', 'Alpha']],
      ['label=nothing', []],
      ['priority=high,critical', ['Charlie', 'Alpha']],
      ['priority=low', ['Bravo']],
      ['due=overdue', ['Alpha']],
      ['due=today', ['Bravo']],
      ['due=week', ['Charlie', 'Bravo']],
      ['due=none', ['Delta']],
      ['dueFrom=2030-06-10&dueTo=2030-06-15', ['Bravo', 'Alpha']],
      ['dueFrom=2030-06-16', ['Charlie']],
      ['createdBy=me', ['Delta', 'Bravo']],
      [`createdBy=${f.owner.user.id}`, ['Echo', 'Charlie', 'Alpha']],
      [`teamId=${f.t1}`, ['Alpha']],
      ['teamId=none', ['Echo', 'Delta', 'Bravo']],
      [`teamId=${f.t2},none`, ['Echo', 'Delta', 'Charlie', 'Bravo']],
      ['status=completed', ['Echo', 'Charlie']],
      [`productId=${f.p2}`, ['Delta', 'Charlie']],
      ['updatedSince=2030-06-14', ['Alpha']],
      ['updatedSince=2030-06-14T08:30:00Z', []],
      ['search=ALP', ['Alpha']],
      // Filters AND, the values of one OR.
      ['preset=assigned&priority=high', ['Alpha']],
      ['assignee=me&due=none', ['Delta']],
      ['label=bug&status=pending', ['Alpha']],
      ['preset=created&assignee=none&due=today', ['Bravo']],
      // 'all' and blanks switch a filter off, as the spec's filters do.
      ['assignee=all&priority=&teamId=all', ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']],
    ];
    for (const [query, expected] of cases) expect(await listed(f.me, query), query).toEqual(expected);
  });

  it('takes the due filters by UTC’s date without `today`', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const [task] = await ctx.db
      .insert(tasks)
      .values({ productId: f.p1, title: 'Due now', dueDate: today, createdAt: new Date('2029-01-01') })
      .returning();
    try {
      const res = await as(f.me, { url: '/api/tasks/all?due=today' });
      expect(titles(res.json())).toEqual(['Due now']);
    } finally {
      if (task) await ctx.db.delete(tasks).where(eq(tasks.id, task.id));
    }
  });

  it('shows a guest only the tasks of the products they see, through every filter', async () => {
    expect(await listed(f.onlooker, '')).toEqual(['Echo', 'Bravo', 'Alpha']);
    expect(await listed(f.onlooker, 'label=bug')).toEqual(['Alpha']);
    expect(await listed(f.onlooker, `assignee=${f.me.user.id}`)).toEqual(['Alpha']);
    expect(await listed(f.onlooker, `createdBy=${f.me.user.id}`)).toEqual(['Bravo']);
    expect(await listed(f.onlooker, 'preset=assigned')).toEqual([]);
    expect(await listed(f.onlooker, `productId=${f.p2}`)).toEqual([]);
    expect(await listed(f.onlooker, `teamId=${f.t2}`)).toEqual([]);
  });

  it('applies the same query to a product’s list, its CSV and the /tasks CSV', async () => {
    const product = await as(f.me, { url: `/api/tasks/${f.p1}/tasks?today=${TODAY}&assignee=me,none` });
    expect(titles(product.json())).toEqual(['Echo', 'Bravo', 'Alpha']);
    const csv = await as(f.me, { url: `/api/tasks/export.csv?today=${TODAY}&label=bug&sort=title` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe('2');
    const rows = csv.body.trim().split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('Alpha');
    expect(rows[2]).toContain('Charlie');
    const productCsv = await as(f.me, { url: `/api/tasks/${f.p2}/tasks.csv?preset=mentioning` });
    expect(productCsv.headers['x-total-count']).toBe('1');
    expect(productCsv.body).toContain('Delta');
    // A product out of sight stays a 404 whatever the query.
    const hidden = await as(f.me, { url: `/api/tasks/${f.hidden}/tasks?preset=assigned` });
    expect(hidden.statusCode).toBe(404);
  });

  it('filters the board’s columns by the same query, the caller’s own presets', async () => {
    const board = async (who: Signed, query: string) => {
      const res = await as(who, { url: `/api/tasks/${f.p1}/board?today=${TODAY}&${query}` });
      expect(res.statusCode).toBe(200);
      return res.json().columns.map((c: { status: string; total: number }) => `${c.status}:${c.total}`);
    };
    expect(await board(f.me, 'preset=assigned')).toEqual(['Pending:1', 'In Progress:0', 'Completed:0']);
    // Shared boards are per query and per caller: the owner's "assigned" is not Mia's.
    expect(await board(f.owner, 'preset=assigned')).toEqual(['Pending:0', 'In Progress:0', 'Completed:0']);
    expect(await board(f.me, 'assignee=none&due=today')).toEqual([
      'Pending:1',
      'In Progress:0',
      'Completed:0',
    ]);
    expect(await board(f.me, 'preset=watching&status=pending')).toEqual(['Pending:1']);
    expect((await as(f.me, { url: `/api/tasks/${f.p1}/board?due=soon` })).json().message).toBe(
      taskQueryMessages.due,
    );
  });

  it('answers 400 with the query’s message for a bad value, on every list', async () => {
    const bad: Array<[string, string]> = [
      ['assignee=bob', taskQueryMessages.assignee],
      ['createdBy=someone', taskQueryMessages.createdBy],
      ['teamId=core', taskQueryMessages.team],
      ['preset=mine', taskQueryMessages.preset],
      ['due=soon', taskQueryMessages.due],
      ['sort=random', taskQueryMessages.sort],
      ['order=up', taskQueryMessages.order],
      ['group=colour', taskQueryMessages.group],
      ['updatedSince=yesterday', taskQueryMessages.updatedSince],
      ['priority=urgent', taskQueryMessages.priority],
    ];
    for (const url of ['/api/tasks/all', `/api/tasks/${f.p1}/tasks`]) {
      for (const [query, message] of bad) {
        const res = await as(f.me, { url: `${url}?${query}` });
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json(), query).toMatchObject({ code: 'VALIDATION_ERROR', message });
      }
    }
    // The exports take the same schema (one call: exports are rate-limited per hour).
    const csv = await as(f.me, { url: '/api/tasks/export.csv?group=colour' });
    expect(csv.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: taskQueryMessages.group });
    const long = await as(f.me, { url: `/api/tasks/all?label=${'x'.repeat(51)}` });
    expect(long.statusCode).toBe(400);
    const many = await as(f.me, { url: `/api/tasks/all?assignee=${Array(51).fill('me').join(',')}` });
    expect(many.statusCode).toBe(400);
    expect((await as(undefined, { url: '/api/tasks/all?preset=assigned' })).statusCode).toBe(401);
  });
});

describe('who may query', () => {
  it('answers a browser session, an API token and a read-only token the same, each as its person', async () => {
    const url = `/api/tasks/all?today=${TODAY}&preset=assigned&sort=due&group=priority`;
    const browser = await as(f.me, { url });
    expect(titles(browser.json())).toEqual(['Alpha', 'Delta']);
    for (const scope of ['write', 'read'] as const) {
      const headers = await apiTokenHeaders(ctx, f.me, scope);
      const res = await ctx.app.inject({ url, headers });
      expect(res.statusCode, scope).toBe(200);
      expect(res.json(), scope).toEqual(browser.json());
    }
    // Another person's "assigned" is theirs.
    expect(titles((await as(f.owner, { url })).json())).toEqual(['Charlie']);
  });
});

describe('app.tasks.count', () => {
  it('counts what the list shows the viewer for the query, never a task out of sight', async () => {
    const count = (who: Signed, query: Record<string, string>) =>
      ctx.app.tasks.count(
        { id: who.user.id, role: who.user.role },
        TaskQuerySchema.parse({ today: TODAY, ...query }),
      );
    expect(await count(f.me, {})).toBe(5);
    expect(await count(f.me, { preset: 'assigned' })).toBe(2);
    expect(await count(f.me, { preset: 'mentioning' })).toBe(1);
    expect(await count(f.me, { label: 'bug', sort: 'title', group: 'label' })).toBe(2);
    expect(await count(f.me, { due: 'overdue' })).toBe(1);
    expect(await count(f.onlooker, {})).toBe(3);
    expect(await count(f.onlooker, { productId: f.p2 })).toBe(0);
    // A new mention counts at once (mentions are read each time, never shared stale).
    const [alpha] = await ctx.db.select().from(tasks).where(eq(tasks.title, 'Alpha'));
    if (alpha) await mention(ctx, alpha.id, f.me.user.id);
    expect(await count(f.me, { preset: 'mentioning' })).toBe(2);
  });
});
