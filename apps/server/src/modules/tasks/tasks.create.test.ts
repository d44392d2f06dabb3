import { productMessages, taskMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, tasks, taskWatchers, webhookDeliveries } from '../../db/schema/index.ts';
import { addMember, createProduct } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { countRows, entriesOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { create, storedTask } from './tasks.test-kit.ts';

// Creating a task: POST /api/tasks.
const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

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
    const row = await storedTask(ctx, body.id);
    expect(body).toEqual({
      id: body.id,
      _id: body.id,
      // The product's first task (issue 28).
      number: 1,
      key: `${product.key}-1`,
      title: 'Write the plan',
      description: '',
      status: 'Pending',
      priority: 'medium',
      phase: null,
      dueDate: null,
      startDate: null,
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
      // The first of its column (issue 28).
      rank: 'a0',
      // The first state of its status (issue 29).
      stateId: expect.any(String),
      // No parent, sub-task, estimate or blocker (issue 29).
      parentId: null,
      subtasks: { done: 0, total: 0 },
      estimate: null,
      blocked: false,
      blockedBy: [],
      // No custom field values (issue 29).
      fields: {},
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
    expect((await entriesOf(ctx, product.id))[0]?.taskId).toBe(body.id);
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
    const [entry] = await entriesOf(ctx, product.id);
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
    expect((await storedTask(ctx, res.json().id))?.completedAt).toBeInstanceOf(Date);
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
      const before = [await countRows(ctx, tasks), await countRows(ctx, activities)];
      const res = await as(owner, create({ title: 'Valid', projectId: product.id, ...change }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details.fields[field]).toEqual(message ? [message] : [expect.any(String)]);
      expect([await countRows(ctx, tasks), await countRows(ctx, activities)]).toEqual(before);
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
    const before = [await countRows(ctx, tasks), await countRows(ctx, activities)];

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
    const unknownTeam = await as(owner, create({ title: 'Nope', projectId: product.id, teamId: UNKNOWN_ID }));
    expect(unknownTeam.json().details.fields).toEqual({ teamId: [taskMessages.teamNotInProduct] });
    expect([await countRows(ctx, tasks), await countRows(ctx, activities)]).toEqual(before);
  });

  it('answers 404 Product not found for a product the caller cannot see or that does not exist', async () => {
    const owner = await member();
    const outsider = await member();
    const invited = await member();
    const { product, team } = await productOf(owner);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    const before = await countRows(ctx, tasks);
    for (const [who, projectId] of [
      [outsider, product.id],
      [invited, product.id],
      [owner, UNKNOWN_ID],
    ] as const) {
      const res = await as(who, create({ title: 'Sneaky', projectId }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: productMessages.notFound, code: 'PRODUCT_NOT_FOUND' });
    }
    expect(await countRows(ctx, tasks)).toBe(before);
  });

  it('refuses a guest who sees the product with 403 READ_ONLY, and a caller without a session with 401', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const before = [await countRows(ctx, tasks), await countRows(ctx, activities)];
    const res = await as(visitor, create({ title: 'Guest task', projectId: product.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    expect((await as(undefined, create({ title: 'Anon', projectId: product.id }))).statusCode).toBe(401);
    expect([await countRows(ctx, tasks), await countRows(ctx, activities)]).toEqual(before);
  });

  it('stores no task when its activity entry cannot be written', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const restore = await refuseActivitiesWhen(ctx, `new.product_id = '${product.id}'`);
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
      [owner, { projectId: UNKNOWN_ID }, 404, 'PRODUCT_NOT_FOUND'],
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
