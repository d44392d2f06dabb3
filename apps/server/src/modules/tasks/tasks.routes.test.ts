import { productMessages, taskMessages } from '@shipyard/shared';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  notifications,
  tasks,
  taskWatchers,
  teamMembers,
  webhookDeliveries,
} from '../../db/schema/index.ts';
import { cursorMessages, encodeCursor } from '../../lib/cursor.ts';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
} from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

const { ctx, as, member, guest } = useTestApp();

let admin: Signed;
beforeAll(async () => {
  admin = await createSignedInUser(ctx, { role: 'admin', name: 'Ada Admin' });
});

type Listed = { data: { id: string; title: string }[]; total: number; nextCursor: string | null };
const ids = (body: Listed) => body.data.map((t) => t.id);
const titles = (body: Listed) => body.data.map((t) => t.title);

const countTasks = async () => (await ctx.db.select({ n: count() }).from(tasks))[0]?.n;
const countActivities = async () => (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
const storedTask = async (id: string) => (await ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const entriesOf = (productId: string) =>
  ctx.db
    .select()
    .from(activities)
    .where(eq(activities.productId, productId))
    .orderBy(asc(activities.createdAt), asc(activities.actionType));

/** Makes every activity insert matching the SQL condition fail, as a broken write would. */
async function refuseActivitiesWhen(condition: string) {
  await ctx.pool.query(`create or replace function test_refuse_activity() returns trigger language plpgsql
    as $$ begin raise exception 'activity refused by the test'; end $$`);
  await ctx.pool.query(`create trigger test_refuse_activity before insert on activities
    for each row when (${condition}) execute function test_refuse_activity()`);
  return async () => {
    await ctx.pool.query('drop trigger test_refuse_activity on activities');
  };
}

/** A member's product with one team in which `people` are active members. */
async function productOf(owner: Signed, people: Signed[] = [], values: { name?: string } = {}) {
  const product = await createProduct(ctx, owner.user.id, values);
  const team = await createTeam(ctx, product.id, { name: 'Core team' });
  for (const p of people) await addMember(ctx, team.id, p.user.id);
  return { product, team };
}

const create = (payload: object): Req => ({ method: 'POST', url: '/api/tasks', payload });
const edit = (id: string, payload: object, method: 'PATCH' | 'PUT' = 'PATCH'): Req => ({
  method,
  url: `/api/tasks/${id}/update`,
  payload,
});
const setStatus = (id: string, status: unknown): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${id}/task/update`,
  payload: { status },
});
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /api/tasks', () => {
  it('creates a task with the defaults for the caller, ignoring a createdBy in the body, and records task_created', async () => {
    const owner = await member('Olga Owner');
    const other = await member();
    const { product } = await productOf(owner, [], { name: 'Apollo' });

    const res = await as(
      owner,
      create({ title: '  Write the plan  ', projectId: product.id, createdBy: other.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const row = await storedTask(body.id);
    expect(body).toEqual({
      id: body.id,
      _id: body.id,
      title: 'Write the plan',
      description: '',
      status: 'Pending',
      priority: 'medium',
      phase: null,
      dueDate: null,
      teamId: null,
      team: null,
      assigneeId: null,
      assignee: null,
      projectId: product.id,
      product_id: product.id,
      project: { id: product.id, name: 'Apollo' },
      createdBy: owner.user.id,
      completedAt: null,
      createdAt: row?.createdAt.toISOString(),
      updatedAt: row?.updatedAt.toISOString(),
      checklist: { done: 0, total: 0 },
      labels: [],
    });
    expect(row).toMatchObject({ productId: product.id, title: 'Write the plan', createdBy: owner.user.id });

    const timeline = await as(owner, { url: `/api/activities/product/${product.id}` });
    expect(timeline.json().data).toHaveLength(1);
    expect(timeline.json().data[0]).toMatchObject({
      actionType: 'task_created',
      description: 'Created task "Write the plan"',
      metadata: { priority: 'medium', status: 'Pending', taskId: body.id },
      projectId: product.id,
      performedBy: owner.user.id,
    });
    expect((await entriesOf(product.id))[0]?.taskId).toBe(body.id);
  });

  it('creates a task with a team, an assignee, a phase and a due date, answering their names', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { product, team } = await productOf(owner, [dev]);

    const res = await as(
      owner,
      create({
        title: 'Ship it',
        description: 'All of it',
        status: 'in progress',
        priority: 'HIGH',
        phase: 'Testing',
        teamId: team.id,
        assigneeId: dev.user.id,
        dueDate: '2026-08-31',
        projectId: product.id,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Ship it',
      description: 'All of it',
      status: 'In Progress',
      priority: 'high',
      phase: 'testing',
      dueDate: '2026-08-31',
      teamId: team.id,
      team: { id: team.id, name: 'Core team' },
      assigneeId: dev.user.id,
      assignee: { id: dev.user.id, name: 'Dana Dev', avatar_url: null },
      completedAt: null,
    });
    const [entry] = await entriesOf(product.id);
    expect(entry?.metadata).toEqual({ priority: 'high', status: 'In Progress', taskId: res.json().id });
  });

  it('answers what GET answers, in 3 statements for a task with neither team nor assignee', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dana Dev');
    const { product, team } = await productOf(owner, [dev], { name: 'Apollo' });
    const statements: string[] = [];
    const original = ctx.pool.connect.bind(ctx.pool);
    // Every statement a create sends, on the pool and on the client its transaction checks out.
    const record = (args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : first?.text;
      if (typeof text === 'string') statements.push(text);
    };
    const poolQuery = ctx.pool.query.bind(ctx.pool);
    // biome-ignore lint/suspicious/noExplicitAny: counting whatever the driver is asked
    const pool = ctx.pool as any;
    pool.query = (...args: unknown[]) => {
      record(args);
      return (poolQuery as (...a: unknown[]) => unknown)(...args);
    };
    pool.connect = async (...args: unknown[]) => {
      // pool.query checks out with a callback: recorded above.
      if (typeof args[0] === 'function') return (original as (...a: unknown[]) => unknown)(...args);
      // biome-ignore lint/suspicious/noExplicitAny: the checked-out client
      const client: any = await (original as (...a: unknown[]) => Promise<unknown>)(...args);
      if (!client.recorded) {
        const clientQuery = client.query.bind(client);
        client.query = (...a: unknown[]) => {
          if (client.recording) record(a);
          return clientQuery(...a);
        };
        client.recorded = true;
      }
      client.recording = true;
      const release = client.release.bind(client);
      client.release = (...a: unknown[]) => {
        client.recording = false;
        client.release = release;
        return release(...a);
      };
      return client;
    };
    let plain: Awaited<ReturnType<typeof as>>;
    try {
      plain = await as(owner, create({ title: 'Plain', projectId: product.id }));
    } finally {
      pool.query = poolQuery;
      pool.connect = original;
    }
    expect(plain.statusCode).toBe(201);
    // The session, the account's write count (issue 27 #6: every write is counted, here in
    // PostgreSQL), and the create as one statement outside a transaction: the task's insert making
    // the checks (visibility, archived) with its watcher, entry and webhook deliveries (the realtime
    // NOTIFY after it is the pg bus's, not the tests' in-memory one). Before issue 17's cuts: 11,
    // then 6 (BEGIN, the product, the task, the rest together, COMMIT).
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements[1]).toMatch(/^INSERT INTO rate_limit_counters/);
    expect(statements.join('\n')).not.toMatch(/^begin/im);
    expect(plain.json()).toEqual((await as(owner, { url: `/api/tasks/${plain.json().id}` })).json());

    const full = await as(
      owner,
      create({ title: 'Full', projectId: product.id, teamId: team.id, assigneeId: dev.user.id }),
    );
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ team: { name: 'Core team' }, assignee: { name: 'Dana Dev' } });
    expect(full.json()).toEqual((await as(owner, { url: `/api/tasks/${full.json().id}` })).json());
  });

  it('takes empty selects as none and sets completed_at for a task created Completed', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const res = await as(
      owner,
      create({
        title: 'Done already',
        status: 'completed',
        phase: '',
        teamId: '',
        assigneeId: '',
        dueDate: '',
        projectId: product.id,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Completed', phase: null, teamId: null, assigneeId: null });
    expect(res.json().completedAt).toEqual(expect.any(String));
    expect((await storedTask(res.json().id))?.completedAt).toBeInstanceOf(Date);
  });

  it('lets the product’s creator be the assignee, and an active team member create tasks', async () => {
    const owner = await member('Olga Owner');
    const teammate = await member('Tia Teammate');
    const { product } = await productOf(owner, [teammate]);
    const res = await as(
      teammate,
      create({ title: 'For the owner', assigneeId: owner.user.id, projectId: product.id }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ createdBy: teammate.user.id, assignee: { name: 'Olga Owner' } });
  });

  it.each([
    ['title missing', { title: undefined }, 'title', taskMessages.titleRequired],
    ['title blank', { title: '   ' }, 'title', taskMessages.titleRequired],
    ['status unknown', { status: 'Done' }, 'status', taskMessages.statusUnknown],
    ['priority unknown', { priority: 'urgent' }, 'priority', undefined],
    ['phase unknown', { phase: 'launch' }, 'phase', undefined],
    ['due date not a day', { dueDate: '2026-02-30' }, 'dueDate', 'Due date must be a valid date'],
    ['team not an id', { teamId: 'core' }, 'teamId', taskMessages.teamNotInProduct],
    ['assignee not an id', { assigneeId: 'bob' }, 'assigneeId', taskMessages.assigneeNotInProduct],
    ['product not an id', { projectId: 'apollo' }, 'projectId', taskMessages.productRequired],
    ['product missing', { projectId: undefined }, 'projectId', taskMessages.productRequired],
  ])(
    'refuses a task with %s (400 with the field’s error) and stores nothing',
    async (_, change, field, message) => {
      const owner = await member();
      const { product } = await productOf(owner);
      const before = [await countTasks(), await countActivities()];
      const res = await as(owner, create({ title: 'Valid', projectId: product.id, ...change }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details.fields[field]).toEqual(message ? [message] : [expect.any(String)]);
      expect([await countTasks(), await countActivities()]).toEqual(before);
    },
  );

  it('refuses a team of another product and an assignee outside the product, both at once, storing nothing', async () => {
    const owner = await member();
    const invited = await member('Ivo Invited');
    const suspended = await member('Sue Suspended');
    const stranger = await member('Sam Stranger');
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    await addMember(ctx, team.id, suspended.user.id, { status: 'suspended' });
    const { team: foreignTeam } = await productOf(owner, [stranger]);
    const before = [await countTasks(), await countActivities()];

    const both = await as(
      owner,
      create({
        title: 'Mixed up',
        projectId: product.id,
        teamId: foreignTeam.id,
        assigneeId: stranger.user.id,
      }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: taskMessages.teamNotInProduct,
      details: {
        fields: {
          teamId: [taskMessages.teamNotInProduct],
          assigneeId: [taskMessages.assigneeNotInProduct],
        },
      },
    });
    for (const who of [invited, suspended, admin]) {
      const res = await as(owner, create({ title: 'Nope', projectId: product.id, assigneeId: who.user.id }));
      expect(res.statusCode, who.user.name).toBe(400);
      expect(res.json().details.fields).toEqual({ assigneeId: [taskMessages.assigneeNotInProduct] });
    }
    const unknownTeam = await as(owner, create({ title: 'Nope', projectId: product.id, teamId: UNKNOWN }));
    expect(unknownTeam.json().details.fields).toEqual({ teamId: [taskMessages.teamNotInProduct] });
    expect([await countTasks(), await countActivities()]).toEqual(before);
  });

  it('answers 404 Product not found for a product the caller cannot see or that does not exist', async () => {
    const owner = await member();
    const outsider = await member();
    const invited = await member();
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    const before = await countTasks();
    for (const [who, projectId] of [
      [outsider, product.id],
      [invited, product.id],
      [owner, UNKNOWN],
    ] as const) {
      const res = await as(who, create({ title: 'Sneaky', projectId }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: productMessages.notFound, code: 'PRODUCT_NOT_FOUND' });
    }
    expect(await countTasks()).toBe(before);
  });

  it('refuses a guest who sees the product with 403 READ_ONLY, and a caller without a session with 401', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const before = [await countTasks(), await countActivities()];
    const res = await as(visitor, create({ title: 'Guest task', projectId: product.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    expect((await as(undefined, create({ title: 'Anon', projectId: product.id }))).statusCode).toBe(401);
    expect([await countTasks(), await countActivities()]).toEqual(before);
  });

  it('stores no task when its activity entry cannot be written', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const restore = await refuseActivitiesWhen(`new.product_id = '${product.id}'`);
    try {
      expect((await as(owner, create({ title: 'Doomed', projectId: product.id }))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await ctx.db.select().from(tasks).where(eq(tasks.productId, product.id))).toEqual([]);
  });

  it('writes nothing and publishes nothing when a check fails inside the one-statement create', async () => {
    // Each refusal below is of a create that goes as one statement (an editor, no assignee or
    // themselves): the insert finds its check failing, the entry's foreign key fails the statement,
    // and the checked path answers why.
    const owner = await member('Olga Owner');
    const { product, team } = await productOf(owner);
    const archived = await createProduct(ctx, owner.user.id, { archivedAt: new Date() });
    const { team: foreignTeam } = await productOf(owner);
    const counts = async () =>
      Promise.all(
        [tasks, activities, taskWatchers, webhookDeliveries].map(async (table) =>
          Number((await ctx.db.select({ n: count() }).from(table))[0]?.n),
        ),
      );
    const before = await counts();
    const published = ctx.published.length;

    const refused = [
      [owner, { projectId: archived.id }, 409, 'PRODUCT_ARCHIVED'],
      [owner, { projectId: product.id, teamId: foreignTeam.id }, 400, 'VALIDATION_ERROR'],
      [admin, { projectId: product.id, assigneeId: admin.user.id }, 400, 'VALIDATION_ERROR'],
      [owner, { projectId: UNKNOWN }, 404, 'PRODUCT_NOT_FOUND'],
    ] as const;
    for (const [who, fields, status, code] of refused) {
      const res = await as(who, create({ title: 'Refused', ...fields }));
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await counts()).toEqual(before);
    expect(ctx.published.slice(published)).toEqual([]);

    // And one that passes: the task, its entry and its watcher, published once committed.
    const made = await as(
      owner,
      create({ title: 'Mine', projectId: product.id, teamId: team.id, assigneeId: owner.user.id }),
    );
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ team: { name: 'Core team' }, assignee: { name: 'Olga Owner' } });
    expect(made.json()).toEqual((await as(owner, { url: `/api/tasks/${made.json().id}` })).json());
    // One more task, entry and watcher; no delivery (the product has no Webhook service).
    expect(await counts()).toEqual(before.map((n, i) => (i < 3 ? n + 1 : n)));
    expect(ctx.published.slice(published).map((c) => [c.kind, c.op, c.id])).toEqual([
      ['task', 'created', made.json().id],
      ['watcher', 'updated', made.json().id],
    ]);
  });
});

describe('GET /api/tasks/all', () => {
  it('lists the tasks of the products the caller sees, newest first, with product, team and assignee names', async () => {
    const owner = await member('Olga Owner');
    const viewer = await member('Vic Viewer');
    const { product: mine, team } = await productOf(viewer, [], { name: 'Mine' });
    const { product: shared } = await productOf(owner, [viewer], { name: 'Shared' });
    const { product: hidden } = await productOf(owner, [], { name: 'Hidden' });
    const a = await createTask(ctx, mine.id, {
      title: 'Mine A',
      teamId: team.id,
      assigneeId: viewer.user.id,
      createdAt: new Date('2030-01-01T00:00:01Z'),
    });
    const b = await createTask(ctx, shared.id, {
      title: 'Shared B',
      createdAt: new Date('2030-01-01T00:00:02Z'),
    });
    const h = await createTask(ctx, hidden.id, {
      title: 'Hidden H',
      createdAt: new Date('2030-01-01T00:00:03Z'),
    });

    const res = await as(viewer, { url: '/api/tasks/all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, nextCursor: null });
    expect(ids(res.json())).toEqual([b.id, a.id]);
    expect(res.json().data[1]).toMatchObject({
      project: { id: mine.id, name: 'Mine' },
      team: { id: team.id, name: 'Core team' },
      assignee: { id: viewer.user.id, name: 'Vic Viewer', avatar_url: null },
    });
    expect(res.json().data[0]).toMatchObject({ project: { name: 'Shared' }, team: null, assignee: null });

    // The hidden product's task is not on the list, and its own URL is a 404 like an unknown task.
    for (const id of [h.id, UNKNOWN]) {
      const one = await as(viewer, { url: `/api/tasks/${id}` });
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ message: taskMessages.notFound, code: 'TASK_NOT_FOUND' });
    }
    // An admin sees every task.
    const all = await as(admin, { url: '/api/tasks/all?limit=200' });
    expect(all.json().total).toBe(await countTasks());
    expect((await as(admin, { url: `/api/tasks/${h.id}` })).json()).toMatchObject({
      id: h.id,
      title: 'Hidden H',
    });
  });

  it('is the list, not a task called "all", and refuses a caller without a session', async () => {
    const viewer = await member();
    const res = await as(viewer, { url: '/api/tasks/all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], total: 0, nextCursor: null });
    expect((await as(undefined, { url: '/api/tasks/all' })).statusCode).toBe(401);
    expect((await as(viewer, { url: '/api/tasks/not-a-uuid' })).statusCode).toBe(400);
  });

  it('filters by search on title or description ignoring case, product, phase, status and assignee; all disables one', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { product: one } = await productOf(owner, [dev]);
    const { product: two } = await productOf(owner);
    const at = (s: number) => new Date(Date.UTC(2030, 1, 1, 0, 0, s));
    const t1 = await createTask(ctx, one.id, {
      title: 'Design the LOGO',
      phase: 'planning',
      createdAt: at(1),
    });
    const t2 = await createTask(ctx, one.id, {
      title: 'Build',
      description: 'the logo pipeline',
      phase: 'development',
      status: 'In Progress',
      assigneeId: dev.user.id,
      createdAt: at(2),
    });
    const t3 = await createTask(ctx, two.id, {
      title: 'Test 100% of it',
      phase: 'testing',
      status: 'Completed',
      createdAt: at(3),
    });
    const t4 = await createTask(ctx, two.id, { title: 'No phase', createdAt: at(4) });

    const cases: [string, string[]][] = [
      ['', [t4.id, t3.id, t2.id, t1.id]],
      ['search=logo', [t2.id, t1.id]],
      ['search=LoGo%20PIPE', [t2.id]],
      ['search=100%25', [t3.id]],
      ['search=nothing', []],
      [`productId=${one.id}`, [t2.id, t1.id]],
      ['productId=all', [t4.id, t3.id, t2.id, t1.id]],
      ['phase=Planning,testing', [t3.id, t1.id]],
      ['phase=all', [t4.id, t3.id, t2.id, t1.id]],
      ['phase=maintenance', []],
      ['status=in%20progress', [t2.id]],
      ['status=Pending&status=COMPLETED', [t4.id, t3.id, t1.id]],
      ['status=all', [t4.id, t3.id, t2.id, t1.id]],
      [`assigneeId=${dev.user.id}`, [t2.id]],
      [`search=logo&productId=${one.id}&phase=development&status=in_progress`, [t2.id]],
    ];
    for (const [query, expected] of cases) {
      const res = await as(owner, { url: `/api/tasks/all?${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(ids(res.json()), query).toEqual(expected);
      expect(res.json().total, query).toBe(expected.length);
    }
  });

  it('refuses unknown filters and paging values with 400', async () => {
    const viewer = await member();
    for (const query of [
      'status=done',
      'phase=launch',
      'limit=0',
      'limit=500',
      'productId=apollo',
      'assigneeId=x',
    ]) {
      const res = await as(viewer, { url: `/api/tasks/all?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('pages through every task exactly once, newest first, with the total on every page', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createTask(ctx, product.id, { title: `Task ${i}` }));
    // Times that differ below the millisecond, and ties broken by id: a JS Date would lose both.
    const times = ['00.000001', '00.000002', '00.000002', '00.000002', '00.000900', '01.000000', '01.000000'];
    for (const [i, t] of made.entries()) {
      await ctx.pool.query(`update tasks set created_at = $1 where id = $2`, [
        `2031-03-03 10:00:${times[i]}+00`,
        t.id,
      ]);
    }
    const expected = made
      .map((t, i) => ({ id: t.id, at: times[i] ?? '' }))
      .sort((x, y) => (x.at === y.at ? y.id.localeCompare(x.id) : y.at.localeCompare(x.at)))
      .map((t) => t.id);

    for (const base of ['/api/tasks/all', `/api/tasks/${product.id}/tasks`]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `${base}?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await as(owner, { url });
        expect(res.statusCode, url).toBe(200);
        expect(res.json().total).toBe(7);
        seen.push(...ids(res.json()));
        cursor = res.json().nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(seen, base).toEqual(expected);
      expect(pages, base).toBe(4);
    }
    // A last page that is exactly full says so: no next cursor.
    const full = await as(owner, { url: `/api/tasks/all?limit=7` });
    expect(full.json()).toMatchObject({ total: 7, nextCursor: null });
    expect(ids(full.json())).toEqual(expected);
  });

  it('refuses a malformed cursor with 400 VALIDATION_ERROR', async () => {
    const viewer = await member();
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const cursor of [
      'nonsense!',
      b64('nonsense'),
      b64(`2026-02-30T10:00:00.000000Z|${UNKNOWN}`),
      b64('2026-02-03T10:00:00.000000Z|not-a-uuid'),
      b64(`2026-02-03 10:00:00|${UNKNOWN}`),
      b64(`2026-02-03T10:00:00.000000Z|${UNKNOWN}|x`),
    ]) {
      const res = await as(viewer, { url: `/api/tasks/all?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json(), cursor).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: cursorMessages.invalid,
        details: { fields: { cursor: [cursorMessages.invalid] } },
      });
    }
    const fine = encodeCursor({ createdAt: '2026-02-03T10:00:00.000000Z', id: UNKNOWN });
    expect((await as(viewer, { url: `/api/tasks/all?cursor=${fine}` })).statusCode).toBe(200);
  });
});

describe('GET /api/tasks/all: the total, shared between requests, never older than a write', () => {
  // The total is counted once per caller and filters and shared until a write outdates it
  // (docs/decisions/023-request-hot-path.md). Writes here go straight to the database, as another
  // process would make them.
  it('counts a task added or moved elsewhere, and a membership lost, on the next request', async () => {
    const owner = await member('Tess Total');
    const viewer = await member('Val Viewer');
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, viewer.user.id);
    await createTask(ctx, product.id, { status: 'Pending' });
    const total = async (who: Signed, query = '') =>
      (await as(who, { url: `/api/tasks/all${query}` })).json().total as number;
    expect(await total(viewer)).toBe(1);
    expect(await total(viewer, '?status=Completed')).toBe(0);
    const added = await createTask(ctx, product.id, { status: 'Pending' });
    expect(await total(viewer)).toBe(2);
    await ctx.db.update(tasks).set({ status: 'Completed' }).where(eq(tasks.id, added.id));
    expect(await total(viewer, '?status=Completed')).toBe(1);
    await ctx.db.delete(teamMembers).where(eq(teamMembers.userId, viewer.user.id));
    expect(await total(viewer)).toBe(0);
    expect(await total(owner)).toBe(2);
  });
});

describe('GET /api/tasks/{productId}/tasks', () => {
  it('lists only that product’s tasks, with the same filters', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const { product: other } = await productOf(owner);
    const done = await createTask(ctx, product.id, {
      title: 'Done',
      status: 'Completed',
      createdAt: new Date('2030-05-01'),
    });
    const doing = await createTask(ctx, product.id, {
      title: 'Doing',
      status: 'In Progress',
      createdAt: new Date('2030-05-02'),
    });
    await createTask(ctx, other.id, { title: 'Elsewhere' });

    const res = await as(owner, { url: `/api/tasks/${product.id}/tasks` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, nextCursor: null });
    expect(titles(res.json())).toEqual(['Doing', 'Done']);
    const filtered = await as(owner, { url: `/api/tasks/${product.id}/tasks?status=Completed` });
    expect(ids(filtered.json())).toEqual([done.id]);
    // The path decides the product, whatever the query says.
    const path = await as(owner, {
      url: `/api/tasks/${product.id}/tasks?productId=${other.id}&search=doing`,
    });
    expect(ids(path.json())).toEqual([doing.id]);
  });

  it('answers 404 Product not found for a product the caller cannot see, and 400 for an id that is not one', async () => {
    const owner = await member();
    const invited = await member();
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    await createTask(ctx, product.id);
    for (const who of [invited, await member()]) {
      const res = await as(who, { url: `/api/tasks/${product.id}/tasks` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: productMessages.notFound, code: 'PRODUCT_NOT_FOUND' });
    }
    expect((await as(owner, { url: '/api/tasks/apollo/tasks' })).statusCode).toBe(400);
    expect((await as(admin, { url: `/api/tasks/${product.id}/tasks` })).json().total).toBe(1);
  });
});

describe('GET /api/tasks/{productId}/options', () => {
  it('answers the product’s teams and its creator plus active team members, each once and by name', async () => {
    const owner = await member('Olga Owner');
    const zed = await member('Zed Active');
    const amy = await member('Amy Active');
    const invited = await member('Ivo Invited');
    const { product, team } = await productOf(owner, [zed, amy]);
    const second = await createTeam(ctx, product.id, { name: 'Alpha team', teamType: 'qa' });
    await addMember(ctx, second.id, amy.user.id);
    await addMember(ctx, second.id, owner.user.id);
    await addMember(ctx, second.id, invited.user.id, { status: 'invited' });
    await productOf(owner, [invited]);

    const res = await as(zed, { url: `/api/tasks/${product.id}/options` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      teams: [
        { id: second.id, name: 'Alpha team' },
        { id: team.id, name: 'Core team' },
      ],
      assignees: [amy, owner, zed].map((p) => ({
        id: p.user.id,
        name: p.user.name,
        email: p.user.email,
        avatar_url: null,
      })),
    });
  });

  it('answers 404 for a product the caller cannot see', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const res = await as(await member(), { url: `/api/tasks/${product.id}/options` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('GET /api/tasks/{id}', () => {
  it('answers the task to whoever sees its product', async () => {
    const owner = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate]);
    const task = await createTask(ctx, product.id, { title: 'Visible', dueDate: '2030-01-31' });
    for (const who of [owner, teammate, admin]) {
      const res = await as(who, { url: `/api/tasks/${task.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: task.id,
        title: 'Visible',
        dueDate: '2030-01-31',
        projectId: product.id,
      });
    }
  });
});

describe('PATCH /api/tasks/{id}/task/update', () => {
  it('sets the status in any casing or as the board’s column id, recording each change', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Move me', priority: 'high' });

    const moved = await as(owner, setStatus(task.id, 'in progress'));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: task.id, status: 'In Progress', completedAt: null });

    const completed = await as(owner, setStatus(task.id, 'COMPLETED'));
    expect(completed.json().status).toBe('Completed');
    const stored = await storedTask(task.id);
    expect(stored?.completedAt).toBeInstanceOf(Date);
    expect(completed.json().completedAt).toBe(stored?.completedAt?.toISOString());

    const reopened = await as(owner, setStatus(task.id, 'Pending'));
    expect(reopened.json()).toMatchObject({ status: 'Pending', completedAt: null });
    expect((await storedTask(task.id))?.completedAt).toBeNull();

    const timeline = await as(owner, { url: `/api/activities/product/${product.id}` });
    const entries = [...timeline.json().data].reverse();
    expect(
      entries.map((e: { actionType: string; description: string; metadata: object }) => [
        e.actionType,
        e.description,
        e.metadata,
      ]),
    ).toEqual([
      [
        'task_status_updated',
        'Changed task "Move me" from Pending to In Progress',
        {
          previousStatus: 'Pending',
          newStatus: 'In Progress',
          status: 'In Progress',
          priority: 'high',
          taskId: task.id,
        },
      ],
      [
        'task_completed',
        'Completed task "Move me"',
        {
          previousStatus: 'In Progress',
          newStatus: 'Completed',
          status: 'Completed',
          priority: 'high',
          taskId: task.id,
        },
      ],
      [
        'task_status_updated',
        'Changed task "Move me" from Completed to Pending',
        {
          previousStatus: 'Completed',
          newStatus: 'Pending',
          status: 'Pending',
          priority: 'high',
          taskId: task.id,
        },
      ],
    ]);
    expect(
      (await entriesOf(product.id)).every((e) => e.taskId === task.id && e.performedBy === owner.user.id),
    ).toBe(true);
  });

  it('answers the task as it is and records nothing when the status is the same', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { status: 'In Progress' });
    const res = await as(owner, setStatus(task.id, 'In_Progress'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'In Progress', updatedAt: task.updatedAt.toISOString() });
    expect(await entriesOf(product.id)).toEqual([]);
  });

  it('changes updated_at on every write', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { updatedAt: new Date('2020-01-01') });
    const res = await as(owner, setStatus(task.id, 'completed'));
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(res.json().updatedAt).toBe(res.json().completedAt);
    const edited = await as(owner, edit(task.id, { title: 'Renamed' }));
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.json().updatedAt));
    expect(edited.json().updatedAt).not.toBe(task.updatedAt.toISOString());
  });

  it('refuses an unknown status with the message, changing nothing', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    for (const status of ['Done', '', 3, null]) {
      const res = await as(owner, setStatus(task.id, status));
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().details.fields.status).toEqual([expect.any(String)]);
    }
    const res = await as(owner, setStatus(task.id, 'Done'));
    expect(res.json().message).toBe(taskMessages.statusUnknown);
    expect((await storedTask(task.id))?.status).toBe('Pending');
    expect(await entriesOf(product.id)).toEqual([]);
  });

  it('lets a guest move a task assigned to them, and no other (403 READ_ONLY, nothing changed)', async () => {
    const owner = await member();
    const visitor = await guest('Gil Guest');
    const { product } = await productOf(owner, [visitor]);
    const theirs = await createTask(ctx, product.id, { title: 'Theirs', assigneeId: visitor.user.id });
    const others = await createTask(ctx, product.id, { title: 'Others', assigneeId: owner.user.id });
    const nobody = await createTask(ctx, product.id, { title: 'Nobody’s' });

    const ok = await as(visitor, setStatus(theirs.id, 'Completed'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('Completed');
    for (const task of [others, nobody]) {
      const refused = await as(visitor, setStatus(task.id, 'Completed'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
      expect((await storedTask(task.id))?.status).toBe('Pending');
    }
    const entries = await entriesOf(product.id);
    expect(entries.map((e) => [e.actionType, e.performedBy, e.taskId])).toEqual([
      ['task_completed', visitor.user.id, theirs.id],
    ]);
  });

  it('answers 404 Task not found for a task of a product the caller cannot see', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    for (const who of [await member(), await guest()]) {
      const res = await as(who, setStatus(task.id, 'Completed'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: taskMessages.notFound, code: 'TASK_NOT_FOUND' });
    }
    expect((await as(owner, setStatus(UNKNOWN, 'Completed'))).statusCode).toBe(404);
    expect((await storedTask(task.id))?.status).toBe('Pending');
  });

  it('serialises concurrent changes: last write wins and the entries form one chain', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const results = await Promise.all(
      ['In Progress', 'Completed', 'In Progress', 'Completed'].map((s) => as(owner, setStatus(task.id, s))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const stored = await storedTask(task.id);
    expect(stored?.completedAt === null).toBe(stored?.status !== 'Completed');
    // Each entry starts where the previous one ended, and the last ends at the stored status.
    const entries = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.taskId, task.id))
      .orderBy(asc(activities.id));
    const chain = entries.map((e) => e.metadata as { previousStatus: string; newStatus: string });
    const ordered: typeof chain = [];
    let at = 'Pending';
    while (ordered.length < chain.length) {
      const next = chain.find((c) => c.previousStatus === at && !ordered.includes(c));
      if (!next) break;
      ordered.push(next);
      at = next.newStatus;
    }
    expect(ordered).toHaveLength(chain.length);
    expect(at).toBe(stored?.status);
  });

  it('changes nothing when the activity entry cannot be written', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const restore = await refuseActivitiesWhen(`new.product_id = '${product.id}'`);
    try {
      expect((await as(owner, setStatus(task.id, 'Completed'))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await storedTask(task.id)).toMatchObject({ status: 'Pending', completedAt: null });
  });
});

describe('PATCH /api/tasks/{id}/update', () => {
  it('changes only the given fields and records task_updated listing them with from and to', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { product, team } = await productOf(owner, [dev]);
    const task = await createTask(ctx, product.id, { title: 'Old', description: 'Same' });

    const res = await as(
      owner,
      edit(task.id, {
        id: task.id,
        title: 'New',
        description: 'Same',
        priority: 'Critical',
        phase: 'production',
        teamId: team.id,
        assigneeId: dev.user.id,
        dueDate: '2030-12-24',
        projectId: product.id,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New',
      description: 'Same',
      status: 'Pending',
      priority: 'critical',
      phase: 'production',
      team: { id: team.id, name: 'Core team' },
      assignee: { id: dev.user.id, name: 'Dana Dev' },
      dueDate: '2030-12-24',
    });
    const entries = await entriesOf(product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'task_updated',
      description: 'Updated task "New": title, priority, phase, team, assignee, due date',
      metadata: {
        changes: {
          title: { from: 'Old', to: 'New' },
          priority: { from: 'medium', to: 'critical' },
          phase: { from: null, to: 'production' },
          teamId: { from: null, to: team.id },
          assigneeId: { from: null, to: dev.user.id },
          dueDate: { from: null, to: '2030-12-24' },
        },
        taskId: task.id,
      },
      taskId: task.id,
      performedBy: owner.user.id,
    });

    // Clearing: null and '' both mean none.
    const cleared = await as(owner, edit(task.id, { teamId: null, assigneeId: '', phase: '' }));
    expect(cleared.json()).toMatchObject({
      teamId: null,
      team: null,
      assigneeId: null,
      assignee: null,
      phase: null,
    });
  });

  it('takes PUT as PATCH', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Before' });
    const res = await as(owner, edit(task.id, { title: 'After' }, 'PUT'));
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('After');
    expect((await storedTask(task.id))?.title).toBe('After');
  });

  it('records a status change made by an edit as the status call does, beside task_updated', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Both' });
    const res = await as(owner, edit(task.id, { status: 'completed', title: 'Both done' }));
    expect(res.json()).toMatchObject({ status: 'Completed', title: 'Both done' });
    expect(res.json().completedAt).toEqual(expect.any(String));
    const entries = await entriesOf(product.id);
    expect(entries.map((e) => [e.actionType, e.description])).toEqual([
      ['task_completed', 'Completed task "Both done"'],
      ['task_updated', 'Updated task "Both done": title'],
    ]);
    const statusOnly = await as(owner, edit(task.id, { status: 'Pending' }));
    expect(statusOnly.json()).toMatchObject({ status: 'Pending', completedAt: null });
    expect((await entriesOf(product.id)).map((e) => e.actionType)).toEqual([
      'task_completed',
      'task_updated',
      'task_status_updated',
    ]);
  });

  it('records nothing and keeps updated_at when nothing changes', async () => {
    const owner = await member();
    const dev = await member();
    const { product, team } = await productOf(owner, [dev]);
    const task = await createTask(ctx, product.id, {
      title: 'Stable',
      teamId: team.id,
      assigneeId: dev.user.id,
      dueDate: '2030-01-01',
    });
    const res = await as(
      owner,
      edit(task.id, {
        title: 'Stable',
        status: 'pending',
        teamId: team.id,
        assigneeId: dev.user.id,
        dueDate: '2030-01-01',
        projectId: product.id,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).toBe(task.updatedAt.toISOString());
    expect(await entriesOf(product.id)).toEqual([]);
  });

  it('keeps an assignee who is no longer an active member when the edit does not change them', async () => {
    const owner = await member();
    const leaver = await member();
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, leaver.user.id, { status: 'suspended' });
    const task = await createTask(ctx, product.id, { assigneeId: leaver.user.id });
    const res = await as(owner, edit(task.id, { title: 'Still theirs', assigneeId: leaver.user.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Still theirs', assigneeId: leaver.user.id });
  });

  it('refuses a foreign team, an outside assignee and a blank title, changing nothing', async () => {
    const owner = await member();
    const stranger = await member();
    const { product } = await productOf(owner);
    const { team: foreign } = await productOf(owner, [stranger]);
    const task = await createTask(ctx, product.id, { title: 'Keep' });
    const refused = await as(
      owner,
      edit(task.id, { teamId: foreign.id, assigneeId: stranger.user.id, title: 'Lost' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual({
      teamId: [taskMessages.teamNotInProduct],
      assigneeId: [taskMessages.assigneeNotInProduct],
    });
    const blank = await as(owner, edit(task.id, { title: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fields.title).toEqual([taskMessages.titleRequired]);
    expect(await storedTask(task.id)).toMatchObject({ title: 'Keep', teamId: null, assigneeId: null });
    expect(await entriesOf(product.id)).toEqual([]);
  });

  it('moves the task to another product, checking its team and assignee against that product', async () => {
    const owner = await member();
    const dev = await member('Dana Dev');
    const { product: from, team: oldTeam } = await productOf(owner, [dev], { name: 'From' });
    const { product: to, team: newTeam } = await productOf(owner, [], { name: 'To' });
    const { product: hidden } = await productOf(await member());
    const task = await createTask(ctx, from.id, {
      title: 'Traveller',
      teamId: oldTeam.id,
      assigneeId: dev.user.id,
    });

    const keepsOldTeam = await as(owner, edit(task.id, { projectId: to.id }));
    expect(keepsOldTeam.statusCode).toBe(400);
    expect(keepsOldTeam.json().details.fields).toEqual({
      teamId: [taskMessages.teamNotInProduct],
      assigneeId: [taskMessages.assigneeNotInProduct],
    });
    const notVisible = await as(
      owner,
      edit(task.id, { projectId: hidden.id, teamId: null, assigneeId: null }),
    );
    expect(notVisible.statusCode).toBe(404);
    expect(notVisible.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: productMessages.notFound });
    expect(await storedTask(task.id)).toMatchObject({ productId: from.id, teamId: oldTeam.id });

    const moved = await as(
      owner,
      edit(task.id, { projectId: to.id, teamId: newTeam.id, assigneeId: owner.user.id }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      projectId: to.id,
      product_id: to.id,
      project: { id: to.id, name: 'To' },
      team: { id: newTeam.id },
      assigneeId: owner.user.id,
    });
    expect(ids((await as(owner, { url: `/api/tasks/${to.id}/tasks` })).json())).toEqual([task.id]);
    expect((await as(owner, { url: `/api/tasks/${from.id}/tasks` })).json().total).toBe(0);
    const [entry] = await entriesOf(to.id);
    expect(entry).toMatchObject({
      actionType: 'task_updated',
      description: 'Updated task "Traveller": team, assignee, product',
      metadata: { changes: { projectId: { from: from.id, to: to.id } } },
      taskId: task.id,
    });
    expect(await entriesOf(from.id)).toEqual([]);
  });

  it('lets an active team member and an admin edit; a member who cannot see it gets 404 and a guest 403', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [teammate, visitor]);
    const task = await createTask(ctx, product.id, { title: 'Shared', assigneeId: visitor.user.id });

    expect((await as(teammate, edit(task.id, { title: 'By teammate' }))).json().title).toBe('By teammate');
    expect((await as(admin, edit(task.id, { title: 'By admin' }))).json().title).toBe('By admin');
    const hidden = await as(await member(), edit(task.id, { title: 'By stranger' }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('TASK_NOT_FOUND');
    // Even on their own task, a guest may only change the status, and not through the edit call.
    for (const body of [{ title: 'By guest' }, { status: 'Completed' }]) {
      const refused = await as(visitor, edit(task.id, body));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    }
    expect(await storedTask(task.id)).toMatchObject({ title: 'By admin', status: 'Pending' });
  });
});

describe('DELETE /api/tasks/{id}', () => {
  it('deletes the task and records task_deleted naming it in the metadata', async () => {
    const owner = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate]);
    const created = await as(owner, create({ title: 'Short-lived', projectId: product.id, priority: 'low' }));
    const id = created.json().id;

    const res = await as(teammate, { method: 'DELETE', url: `/api/tasks/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: taskMessages.deleted });
    expect(await storedTask(id)).toBeUndefined();
    expect((await as(owner, { url: `/api/tasks/${id}` })).statusCode).toBe(404);
    expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${id}` })).statusCode).toBe(404);

    const entries = await entriesOf(product.id);
    expect(entries.map((e) => [e.actionType, e.description, e.taskId])).toEqual([
      ['task_created', 'Created task "Short-lived"', null],
      ['task_deleted', 'Deleted task "Short-lived"', null],
    ]);
    expect(entries[1]).toMatchObject({
      metadata: { taskId: id, title: 'Short-lived', status: 'Pending', priority: 'low' },
      performedBy: teammate.user.id,
    });
  });

  it('refuses a guest (403) and a member who cannot see it (404), deleting nothing', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const task = await createTask(ctx, product.id, { assigneeId: visitor.user.id });
    const refused = await as(visitor, { method: 'DELETE', url: `/api/tasks/${task.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    expect((await as(await member(), { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(
      404,
    );
    expect(await storedTask(task.id)).toBeDefined();
    expect(await entriesOf(product.id)).toEqual([]);
    expect((await as(admin, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(200);
  });
});

describe('TASK_ASSIGNED notifications', () => {
  const notificationsOf = (userId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));

  it('tells the assignee of a task someone else created or assigned to them, once per assignment', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dana Dev');
    const other = await member('Otto Other');
    const { product } = await productOf(owner, [dev, other], { name: 'Apollo' });

    const made = await as(
      owner,
      create({ title: 'Ship it', projectId: product.id, assigneeId: dev.user.id }),
    );
    expect(made.statusCode).toBe(201);
    const taskId = made.json().id;
    const [told] = await notificationsOf(dev.user.id);
    expect(told).toMatchObject({
      type: 'TASK_ASSIGNED',
      senderId: owner.user.id,
      message: 'Olga Owner assigned you the task "Ship it" in "Apollo".',
      metadata: { taskId, productId: product.id },
      readAt: null,
    });
    const list = await as(dev, { url: '/api/notifications' });
    expect(list.json().data[0]).toMatchObject({
      type: 'TASK_ASSIGNED',
      sender: { _id: owner.user.id, name: 'Olga Owner', avatar: null },
    });

    // Other edits, and naming the same assignee again, tell nobody.
    await as(owner, edit(taskId, { title: 'Ship it now', assigneeId: dev.user.id }));
    expect(await notificationsOf(dev.user.id)).toHaveLength(1);

    await as(owner, edit(taskId, { assigneeId: other.user.id }));
    expect((await notificationsOf(other.user.id)).map((n) => n.message)).toEqual([
      'Olga Owner assigned you the task "Ship it now" in "Apollo".',
    ]);
    expect(await notificationsOf(dev.user.id)).toHaveLength(1);
    await as(owner, edit(taskId, { assigneeId: null }));
    await as(owner, edit(taskId, { assigneeId: dev.user.id }));
    expect(await notificationsOf(dev.user.id)).toHaveLength(2);
  });

  it('tells nobody when the caller assigns a task to themselves', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    const mine = await as(owner, create({ title: 'Mine', projectId: product.id, assigneeId: owner.user.id }));
    expect(mine.statusCode).toBe(201);
    const theirs = await createTask(ctx, product.id, { title: 'Theirs' });
    expect((await as(dev, edit(theirs.id, { assigneeId: dev.user.id }))).statusCode).toBe(200);
    expect(await notificationsOf(owner.user.id)).toEqual([]);
    expect(await notificationsOf(dev.user.id)).toEqual([]);
  });

  it('stores no notification when the task cannot be written', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    const restore = await refuseActivitiesWhen(`new.action_type = 'task_created'`);
    try {
      const res = await as(owner, create({ title: 'Lost', projectId: product.id, assigneeId: dev.user.id }));
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await notificationsOf(dev.user.id)).toEqual([]);
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }

  it('publishes a task change for its product after each write, and the new notification to its assignee', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    let id = '';
    const created = await publishedBy(async () => {
      const res = await as(owner, create({ title: 'Live', projectId: product.id, assigneeId: dev.user.id }));
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    });
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, dev.user.id));
    expect(created).toEqual([
      expect.objectContaining({
        kind: 'task',
        op: 'created',
        id,
        productId: product.id,
        version: expect.any(Number),
      }),
      expect.objectContaining({
        kind: 'notification',
        op: 'created',
        id: told?.id,
        productId: null,
        userIds: [dev.user.id],
      }),
      // Its creator and assignee now watch it (modules/comments).
      expect.objectContaining({ kind: 'watcher', op: 'updated', id, productId: product.id }),
    ]);
    // The activity entry written with it is not a change of its own.
    expect(created.some((c) => c.kind === 'activity')).toBe(false);

    expect(await publishedBy(() => as(owner, edit(id, { title: 'Live!' })))).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id, productId: product.id }),
    ]);
    expect(await publishedBy(() => as(dev, setStatus(id, 'Completed')))).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id, productId: product.id }),
      // The owner watches the task they created: TASK_STATUS.
      expect.objectContaining({ kind: 'notification', op: 'created', userIds: [owner.user.id] }),
    ]);
    expect(await publishedBy(() => as(owner, { method: 'DELETE', url: `/api/tasks/${id}` }))).toEqual([
      expect.objectContaining({ kind: 'task', op: 'deleted', id, productId: product.id }),
    ]);
  });

  it('publishes nothing for a change that changes nothing', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Same', status: 'Pending' });
    expect(await publishedBy(() => as(owner, edit(task.id, { title: 'Same' })))).toEqual([]);
    expect(await publishedBy(() => as(owner, setStatus(task.id, 'Pending')))).toEqual([]);
  });

  it('publishes a task moved to another product for both products', async () => {
    const owner = await member();
    const { product: from } = await productOf(owner);
    const { product: to } = await productOf(owner);
    const task = await createTask(ctx, from.id);
    const published = await publishedBy(async () => {
      expect((await as(owner, edit(task.id, { projectId: to.id }))).statusCode).toBe(200);
    });
    expect(published).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id: task.id, productId: to.id }),
      expect.objectContaining({ kind: 'task', op: 'updated', id: task.id, productId: from.id }),
    ]);
  });

  it('publishes nothing for a refused or invalid write', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const task = await createTask(ctx, product.id);
    const published = await publishedBy(async () => {
      expect((await as(owner, create({ title: '', projectId: product.id }))).statusCode).toBe(400);
      expect((await as(visitor, create({ title: 'No', projectId: product.id }))).statusCode).toBe(403);
      expect((await as(visitor, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(403);
      expect((await as(await member(), edit(task.id, { title: 'Hidden' }))).statusCode).toBe(404);
    });
    expect(published).toEqual([]);
  });

  it('publishes nothing when the write rolls back', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    const task = await createTask(ctx, product.id);
    const restore = await refuseActivitiesWhen(`new.product_id = '${product.id}'`);
    try {
      const published = await publishedBy(async () => {
        const made = await as(
          owner,
          create({ title: 'Lost', projectId: product.id, assigneeId: dev.user.id }),
        );
        expect(made.statusCode).toBe(500);
        expect((await as(owner, setStatus(task.id, 'Completed'))).statusCode).toBe(500);
        expect((await as(owner, edit(task.id, { title: 'Lost too' }))).statusCode).toBe(500);
        expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(500);
      });
      expect(published).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('publishes nothing when the commit itself fails, after every statement succeeded', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    // A deferred constraint trigger fails at COMMIT: a change published inside the transaction would leak.
    await ctx.pool.query(`create or replace function test_refuse_commit() returns trigger language plpgsql
      as $$ begin
        if (case when tg_op = 'DELETE' then old.product_id else new.product_id end) = tg_argv[0]::uuid
        then raise exception 'commit refused by the test'; end if;
        return null;
      end $$`);
    await ctx.pool.query(`create constraint trigger test_refuse_commit after insert or update or delete on tasks
      deferrable initially deferred for each row execute function test_refuse_commit('${product.id}')`);
    try {
      const published = await publishedBy(async () => {
        expect((await as(owner, create({ title: 'Lost', projectId: product.id }))).statusCode).toBe(500);
        expect((await as(owner, edit(task.id, { title: 'Lost too' }))).statusCode).toBe(500);
        expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(500);
      });
      expect(published).toEqual([]);
    } finally {
      await ctx.pool.query('drop trigger test_refuse_commit on tasks');
    }
    expect(await storedTask(task.id)).toMatchObject({ title: 'A task' });
  });
});

describe('product progress and the dashboard follow the tasks', () => {
  it('counts tasks created and completed through the API', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const summary = async () => (await as(owner, { url: '/api/dashboard/summary' })).json();
    const progress = async () => (await as(owner, { url: `/api/projects/${product.id}` })).json().progress;
    expect(await progress()).toBe(0);
    expect(await summary()).toMatchObject({ completedTasks: 0, completedThisWeek: 0 });

    const made = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      made.push((await as(owner, create({ title, projectId: product.id }))).json().id);
    }
    expect(await progress()).toBe(0);
    await as(owner, setStatus(made[0], 'Completed'));
    expect(await progress()).toBe(25);
    expect(await summary()).toMatchObject({ completedTasks: 1, completedThisWeek: 1 });
    await as(owner, edit(made[1], { status: 'Completed' }));
    expect(await progress()).toBe(50);
    expect((await summary()).completedTasks).toBe(2);

    await as(owner, setStatus(made[0], 'In Progress'));
    await as(owner, { method: 'DELETE', url: `/api/tasks/${made[2]}` });
    expect(await progress()).toBe(33);
    expect(await summary()).toMatchObject({ completedTasks: 1, completedThisWeek: 1 });
  });
});

describe('OpenAPI', () => {
  it('documents every task call under the tasks tag', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>)
      .filter(([path]) => path.startsWith('/api/tasks'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op.tags]));
    expect(Object.fromEntries(operations)).toEqual({
      'get /api/tasks/all': ['tasks'],
      'get /api/tasks/export.csv': ['tasks'],
      'get /api/tasks/{productId}/tasks.csv': ['tasks'],
      'get /api/tasks/{productId}/tasks': ['tasks'],
      'get /api/tasks/{productId}/board': ['tasks'],
      'get /api/tasks/{productId}/options': ['tasks'],
      'get /api/tasks/{id}': ['tasks'],
      'get /api/tasks/{id}/detail': ['tasks'],
      'get /api/tasks/{id}/history': ['tasks'],
      'post /api/tasks': ['tasks'],
      'patch /api/tasks/{id}/update': ['tasks'],
      'put /api/tasks/{id}/update': ['tasks'],
      'patch /api/tasks/{id}/task/update': ['tasks'],
      'delete /api/tasks/{id}': ['tasks'],
      // A task's conversation (modules/comments).
      'get /api/tasks/{id}/comments': ['comments'],
      'post /api/tasks/{id}/comments': ['comments'],
      'get /api/tasks/{id}/mentionable': ['comments'],
      'get /api/tasks/{id}/watchers': ['comments'],
      'put /api/tasks/{id}/watch': ['comments'],
      'delete /api/tasks/{id}/watch': ['comments'],
      // A task's details (issue 15) are documented with their own modules.
      'get /api/tasks/{id}/checklist': ['checklists'],
      'post /api/tasks/{id}/checklist': ['checklists'],
      'get /api/tasks/{id}/labels': ['labels'],
      'put /api/tasks/{id}/labels': ['labels'],
      'get /api/tasks/{id}/files': ['documents'],
      'post /api/tasks/{id}/files': ['documents'],
      'delete /api/tasks/{id}/files/{fileId}': ['documents'],
      // Task import (issue 20, modules/imports).
      'post /api/tasks/{productId}/import/csv': ['imports'],
      'post /api/tasks/{productId}/import/trello': ['imports'],
    });
  });
});
