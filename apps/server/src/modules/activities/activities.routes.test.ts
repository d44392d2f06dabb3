import { readFile } from 'node:fs/promises';
import { productMessages } from '@shipyard/shared';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, users } from '../../db/schema/index.ts';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
} from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

const { ctx, as, member } = useTestApp();

let admin: Signed;
beforeAll(async () => {
  admin = await createSignedInUser(ctx, { role: 'admin', name: 'Ada Admin' });
});

type ActivityBody = { id: string; description: string; actionType: string; projectId: string | null };
const descriptions = (body: { data: ActivityBody[] }) => body.data.map((a) => a.description);
const entriesOf = (productId: string) =>
  ctx.db.select().from(activities).where(eq(activities.productId, productId));
const countActivities = async () => (await ctx.db.select({ n: count() }).from(activities))[0]?.n;

/** Entries stored directly, each one second newer than any stored before by this file. */
let clock = Date.parse('2031-01-01T00:00:00Z');
const nextSecond = () => {
  clock += 1000;
  return new Date(clock);
};
async function insertEntries(
  productId: string | null,
  performedBy: string | null,
  entries: { actionType?: string; description: string }[],
) {
  await ctx.db.insert(activities).values(
    entries.map((e) => ({
      actionType: e.actionType ?? 'comment_added',
      description: e.description,
      productId,
      performedBy,
      createdAt: nextSecond(),
    })),
  );
}

const post = (payload: object): Req => ({ method: 'POST', url: '/api/activities', payload });

describe('POST /api/activities', () => {
  it('records an entry on a visible product, performed by the caller, and answers it under data', async () => {
    const owner = await member('Omar Owner');
    const product = await createProduct(ctx, owner.user.id, { name: 'Atlas' });
    const res = await as(
      owner,
      post({
        actionType: 'comment_added',
        description: 'Created task "Wire up"',
        projectId: product.id,
        metadata: { priority: 'high', status: 'Pending' },
        performedBy: admin.user.id, // ignored: the performer is the caller
      }),
    );
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      _id: data.id,
      id: expect.any(String),
      actionType: 'comment_added',
      description: 'Created task "Wire up"',
      metadata: { priority: 'high', status: 'Pending' },
      projectId: product.id,
      productName: 'Atlas',
      performedBy: owner.user.id,
      taskId: null,
      performer: { _id: owner.user.id, name: 'Omar Owner', avatar_url: null },
      createdAt: expect.any(String),
      updatedAt: data.createdAt,
    });
    const [stored] = await entriesOf(product.id);
    expect(stored).toMatchObject({
      id: data.id,
      actionType: 'comment_added',
      source: 'client',
      performedBy: owner.user.id,
      metadata: { priority: 'high', status: 'Pending' },
    });
    expect(stored?.createdAt.toISOString()).toBe(data.createdAt);
  });

  it('lets an active team member record one, stores {} without metadata, and refuses a guest on the team', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await createSignedInUser(ctx, { role: 'guest' });
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, visitor.user.id);

    const ok = await as(teammate, post({ actionType: 'other', description: 'Note', projectId: product.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.metadata).toEqual({});

    const refused = await as(
      visitor,
      post({ actionType: 'other', description: 'Hi', projectId: product.id }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    expect((await entriesOf(product.id)).map((e) => e.performedBy)).toEqual([teammate.user.id]);
  });

  it.each([
    [{ actionType: 'hacked', description: 'x' }, 'actionType'],
    [{ actionType: 'other', description: '   ' }, 'description'],
    [{ actionType: 'other' }, 'description'],
    [{ actionType: 'other', description: 'x', projectId: 'nope' }, 'projectId'],
    [{ actionType: 'other', description: 'x'.repeat(1001) }, 'description'],
  ])('refuses %j and stores nothing', async (payload, field) => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const before = await countActivities();
    const res = await as(owner, post({ projectId: product.id, ...payload }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields)).toEqual([field]);
    expect(await countActivities()).toBe(before);
  });

  it.each([
    ['a task status change', 'task_status_updated'],
    ['a completed task', 'task_completed'],
    ['a product status change', 'status_changed'],
    ['a product creation', 'prd_created'],
  ])(
    'refuses %s posted by a client (the server writes those alone), storing nothing',
    async (_, actionType) => {
      const owner = await member();
      const product = await createProduct(ctx, owner.user.id);
      const before = await countActivities();
      const res = await as(
        owner,
        post({
          actionType,
          description: 'Changed task "X" from Completed to Pending',
          projectId: product.id,
          metadata: { previousStatus: 'Completed', newStatus: 'Pending' },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { actionType: [expect.any(String)] } },
      });
      expect(await countActivities()).toBe(before);
    },
  );

  it.each([
    ['1 MB of metadata (1,000,000 characters, within the 1 MiB body limit)', { blob: 'x'.repeat(1_000_000) }],
    ['metadata one byte over 4 KB', { blob: 'x'.repeat(4096 - '{"blob":""}'.length + 1) }],
    ['metadata 4 KB long in multi-byte characters', { blob: 'é'.repeat(2100) }],
    ['metadata nested five deep', { a: { b: { c: { d: { e: 1 } } } } }],
    ['metadata with 51 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))],
  ])('refuses %s with 400 and stores nothing', async (_, metadata) => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const before = await countActivities();
    const res = await as(
      owner,
      post({ actionType: 'other', description: 'x', projectId: product.id, metadata }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields)).toEqual(['metadata']);
    expect(await countActivities()).toBe(before);
  });

  it('accepts metadata of exactly 4 KB, four levels deep', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const exact = { blob: 'x'.repeat(4096 - '{"blob":""}'.length) };
    const deep = { a: { b: { c: { d: 1 } } } };
    for (const metadata of [exact, deep]) {
      const res = await as(
        owner,
        post({ actionType: 'other', description: 'x', projectId: product.id, metadata }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.metadata).toEqual(metadata);
    }
  });

  it('is 404 for an unknown or hidden product, and 401 without a session, storing nothing', async () => {
    const owner = await member();
    const stranger = await member();
    const product = await createProduct(ctx, owner.user.id);
    const before = await countActivities();
    const body = { actionType: 'other', description: 'x', projectId: product.id };
    expect((await as(stranger, post(body))).statusCode).toBe(404);
    const unknown = await as(owner, post({ ...body, projectId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    expect((await as(undefined, post(body))).statusCode).toBe(401);
    expect(await countActivities()).toBe(before);
  });
});

describe('history posted by a client', () => {
  it('never counts in the reopened figure of analytics, whether posted now or stored before the rule', async () => {
    const root = await createSignedInUser(ctx, { role: 'super admin' });
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const reopened = async () => {
      const res = await as(root, { url: '/api/analytics?timeframe=week' });
      expect(res.statusCode).toBe(200);
      return res.json().quality.reopened;
    };
    const before = await reopened();
    const forged = {
      actionType: 'task_status_updated',
      description: 'Changed task "X" from Completed to Pending',
      projectId: product.id,
      metadata: { previousStatus: 'Completed', newStatus: 'Pending' },
    };
    expect((await as(owner, post(forged))).statusCode).toBe(400);
    // An entry a client posted before types were limited, marked as the client's.
    await ctx.db.insert(activities).values({
      actionType: 'task_status_updated',
      description: forged.description,
      metadata: forged.metadata,
      productId: product.id,
      performedBy: owner.user.id,
      source: 'client',
    });
    // A note that says the same thing is a note.
    expect((await as(owner, post({ ...forged, actionType: 'other' }))).statusCode).toBe(201);
    expect(await reopened()).toBe(before);
  });
});

describe('migration 0008 (activity source)', () => {
  it('marks as posted by a client the old task status entries that name no task, and truncates only metadata over 64 KB', async () => {
    const sqlText = await readFile(
      new URL('../../db/migrations/0008_activity_source.sql', import.meta.url),
      'utf8',
    );
    const updates = sqlText.split('--> statement-breakpoint').filter((s) => s.includes('UPDATE'));
    expect(updates).toHaveLength(2);
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const task = await createTask(ctx, product.id);
    const entry = (description: string, values: Partial<typeof activities.$inferInsert>) => ({
      actionType: 'task_status_updated',
      description,
      productId: product.id,
      performedBy: owner.user.id,
      metadata: { previousStatus: 'Completed', newStatus: 'Pending' },
      ...values,
    });
    // As stored before the migration: every entry 'server'.
    await ctx.db.insert(activities).values([
      entry('forged', {}),
      entry('by the server', {
        taskId: task.id,
        metadata: { previousStatus: 'Completed', taskId: task.id },
      }),
      entry('of a deleted task', { metadata: { previousStatus: 'Completed', taskId: task.id } }),
      entry('a note', { actionType: 'other' }),
      entry('a huge note', { actionType: 'other', metadata: { blob: 'x'.repeat(70_000) } }),
      entry('a long server entry', {
        actionType: 'task_updated',
        taskId: task.id,
        metadata: { changes: { description: ['x'.repeat(5000), 'y'.repeat(5000)] }, taskId: task.id },
      }),
    ]);
    for (const update of updates) await ctx.pool.query(update);
    const rows = await ctx.db
      .select({ description: activities.description, source: activities.source })
      .from(activities)
      .where(eq(activities.productId, product.id));
    expect(Object.fromEntries(rows.map((r) => [r.description, r.source]))).toEqual({
      forged: 'client',
      'by the server': 'server',
      'of a deleted task': 'server',
      'a note': 'server',
      'a huge note': 'server',
      'a long server entry': 'server',
    });
    const metadataOf = async (description: string) =>
      (await ctx.db.select().from(activities).where(eq(activities.description, description)))[0]?.metadata;
    expect(await metadataOf('a huge note')).toEqual({ truncated: true });
    expect(await metadataOf('a long server entry')).toMatchObject({ taskId: task.id });
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }

  it('publishes a posted entry to everyone who sees its product', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    let id = '';
    const published = await publishedBy(async () => {
      const res = await as(
        owner,
        post({ actionType: 'comment_added', description: 'Hello', projectId: product.id }),
      );
      expect(res.statusCode).toBe(201);
      id = res.json().data.id;
    });
    expect(published).toEqual([
      expect.objectContaining({
        kind: 'activity',
        op: 'created',
        id,
        productId: product.id,
        version: expect.any(Number),
      }),
    ]);
  });

  it('publishes nothing for a refused or invalid entry', async () => {
    const owner = await member();
    const visitor = await createSignedInUser(ctx, { role: 'guest' });
    const product = await createProduct(ctx, owner.user.id);
    await addMember(ctx, (await createTeam(ctx, product.id)).id, visitor.user.id);
    const published = await publishedBy(async () => {
      const entry = { actionType: 'comment_added', description: 'Hi', projectId: product.id };
      expect((await as(visitor, post(entry))).statusCode).toBe(403);
      expect((await as(await member(), post(entry))).statusCode).toBe(404);
      expect((await as(owner, post({ ...entry, description: '' }))).statusCode).toBe(400);
    });
    expect(published).toEqual([]);
  });
});

describe('GET /api/activities/product/{productId}', () => {
  it('answers at most 100 entries of the product, newest first, with names joined', async () => {
    const owner = await member('Pia Performer');
    const product = await createProduct(ctx, owner.user.id, { name: 'Timeline' });
    const other = await createProduct(ctx, owner.user.id, { name: 'Other' });
    await insertEntries(
      product.id,
      owner.user.id,
      Array.from({ length: 105 }, (_, i) => ({ description: `Step ${i}` })),
    );
    await insertEntries(other.id, owner.user.id, [{ description: 'Elsewhere' }]);

    const res = await as(owner, { url: `/api/activities/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(100);
    expect(descriptions(res.json())).toEqual(Array.from({ length: 100 }, (_, i) => `Step ${104 - i}`));
    expect(data[0]).toMatchObject({
      projectId: product.id,
      productName: 'Timeline',
      performer: { _id: owner.user.id, name: 'Pia Performer' },
    });
  });

  it('shows no performer once the performer is deleted', async () => {
    const owner = await member();
    const leaver = await member('Lee Leaver');
    const product = await createProduct(ctx, owner.user.id);
    await insertEntries(product.id, leaver.user.id, [{ description: 'Before leaving' }]);
    await ctx.db.delete(users).where(eq(users.id, leaver.user.id));

    const [entry] = (await as(owner, { url: `/api/activities/product/${product.id}` })).json().data;
    expect(entry).toMatchObject({ description: 'Before leaving', performedBy: null, performer: null });
  });

  it('is 404 for a product the caller may not see, and answers its active team members and admins', async () => {
    const owner = await member();
    const teammate = await member();
    const invited = await member();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    await insertEntries(product.id, owner.user.id, [{ description: 'Kickoff' }]);
    const url = `/api/activities/product/${product.id}`;

    expect((await as(invited, { url })).statusCode).toBe(404);
    expect((await as(invited, { url })).json().message).toBe(productMessages.notFound);
    for (const who of [teammate, admin]) {
      expect(descriptions((await as(who, { url })).json())).toEqual(['Kickoff']);
    }
    expect((await as(owner, { url: '/api/activities/product/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('GET /api/activities', () => {
  it('lists the entries of visible products newest first, with the total and the visible action types', async () => {
    const me = await member('Max Me');
    const stranger = await member('Sid Stranger');
    const mine = await createProduct(ctx, me.user.id, { name: 'Mine' });
    const theirs = await createProduct(ctx, stranger.user.id, { name: 'Theirs' });
    await insertEntries(mine.id, me.user.id, [
      { actionType: 'task_created', description: 'Created task "One"' },
      { actionType: 'status_changed', description: 'Status changed from Planning to Testing' },
      { actionType: 'task_created', description: 'Created task "Two"' },
    ]);
    await insertEntries(theirs.id, stranger.user.id, [
      { actionType: 'milestone_reached', description: 'Their milestone' },
    ]);

    const res = await as(me, { url: '/api/activities' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, actionTypes: ['status_changed', 'task_created'] });
    expect(descriptions(res.json())).toEqual([
      'Created task "Two"',
      'Status changed from Planning to Testing',
      'Created task "One"',
    ]);
    expect(res.json().data[0]).toMatchObject({
      productName: 'Mine',
      performer: { _id: me.user.id, name: 'Max Me' },
    });

    const all = (await as(admin, { url: '/api/activities' })).json();
    expect(all.actionTypes).toEqual(expect.arrayContaining(['milestone_reached', 'task_created']));
    const found = (await as(admin, { url: '/api/activities?search=their%20milestone' })).json();
    expect(descriptions(found)).toEqual(['Their milestone']);
  });

  it('filters by product, action and a case-insensitive search in which % and _ are literal, counting the matches', async () => {
    const me = await member();
    const first = await createProduct(ctx, me.user.id, { name: 'First' });
    const second = await createProduct(ctx, me.user.id, { name: 'Second' });
    await insertEntries(first.id, me.user.id, [
      { actionType: 'comment_added', description: 'Reached 100% coverage' },
      { actionType: 'comment_added', description: 'Reached 1000 users' },
      { actionType: 'task_created', description: 'Created task "fix_bug"' },
      { actionType: 'task_created', description: 'Created task "fixXbug"' },
    ]);
    await insertEntries(second.id, me.user.id, [
      { actionType: 'comment_added', description: 'REACHED the moon' },
    ]);

    const cases: [string, string[]][] = [
      [`productId=${second.id}`, ['REACHED the moon']],
      ['action=task_created', ['Created task "fixXbug"', 'Created task "fix_bug"']],
      ['search=reached', ['REACHED the moon', 'Reached 1000 users', 'Reached 100% coverage']],
      [`search=${encodeURIComponent('100%')}`, ['Reached 100% coverage']],
      ['search=fix_bug', ['Created task "fix_bug"']],
      [
        `search=reached&productId=${first.id}&action=comment_added`,
        ['Reached 1000 users', 'Reached 100% coverage'],
      ],
      ['action=milestone_reached', []],
    ];
    for (const [query, expected] of cases) {
      const res = await as(me, { url: `/api/activities?${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(descriptions(res.json()), query).toEqual(expected);
      expect(res.json().total, query).toBe(expected.length);
      // The action filter keeps offering every type the caller may see.
      expect(res.json().actionTypes, query).toEqual(['comment_added', 'task_created']);
    }

    const limited = (await as(me, { url: '/api/activities?limit=2' })).json();
    expect(limited.data).toHaveLength(2);
    expect(limited.total).toBe(5);
  });

  it('shows an entry without a product only to its performer and to admins', async () => {
    const me = await member();
    const other = await member();
    await insertEntries(null, me.user.id, [{ actionType: 'other', description: 'My loose note' }]);

    expect(descriptions((await as(me, { url: '/api/activities' })).json())).toEqual(['My loose note']);
    const theirs = (await as(other, { url: '/api/activities' })).json();
    expect(theirs).toMatchObject({ data: [], total: 0, actionTypes: [] });
    const byAdmin = (await as(admin, { url: '/api/activities?search=my%20loose' })).json();
    expect(byAdmin).toMatchObject({ total: 1, data: [{ description: 'My loose note', projectId: null }] });
  });

  it("carries only the status and progress keys of each entry's metadata in the log, not the whole blob", async () => {
    const me = await member();
    const product = await createProduct(ctx, me.user.id);
    await ctx.db.insert(activities).values({
      actionType: 'status_changed',
      description: 'Status changed',
      metadata: { previousStatus: 'planning', newStatus: 'testing', blob: 'x'.repeat(3000) },
      productId: product.id,
      performedBy: me.user.id,
      createdAt: nextSecond(),
    });
    const res = await as(me, { url: `/api/activities?productId=${product.id}` });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ actionType: 'status_changed', description: 'Status changed' });
    expect(entry.metadata).toEqual({ previousStatus: 'planning', newStatus: 'testing' });
    expect(res.body.length).toBeLessThan(1000);
  });

  it('refuses a caller without a session and a limit above 100', async () => {
    expect((await ctx.app.inject('/api/activities')).statusCode).toBe(401);
    const me = await member();
    for (const query of ['limit=101', 'limit=0', 'productId=nope']) {
      expect((await as(me, { url: `/api/activities?${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('a long activity log', () => {
  it('counts matches up to 10,000 and says when there are more, still answering the newest 100', async () => {
    const owner = await member('Bulk Owner');
    const product = await createProduct(ctx, owner.user.id, { name: 'Busy product' });
    await ctx.db.execute(sql`
      insert into activities (action_type, description, product_id, performed_by, created_at)
      select 'comment_added', 'bulk entry ' || g, ${product.id}, ${owner.user.id}, now() - g * interval '1 second'
      from generate_series(1, 10050) as g`);

    const res = await as(owner, { method: 'GET', url: `/api/activities?productId=${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 10_000, totalCapped: true, actionTypes: ['comment_added'] });
    expect(res.json().data).toHaveLength(100);
    expect(res.json().data[0].description).toBe('bulk entry 1');

    const few = await as(owner, {
      method: 'GET',
      url: `/api/activities?productId=${product.id}&search=entry%2010050`,
    });
    expect(few.json()).toMatchObject({ total: 1, totalCapped: false });
  });
});
