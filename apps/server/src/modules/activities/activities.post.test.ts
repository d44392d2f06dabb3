import { readFile } from 'node:fs/promises';
import { productMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { countRows, entriesOf } from '../../testing/stored.ts';

// Posting an entry: POST /api/activities, and what the history does with entries a client posted.
const { ctx, as, member, signedInOnce, signedIn } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

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
    const [stored] = await entriesOf(ctx, product.id);
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
    const visitor = await signedIn('guest');
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
    expect((await entriesOf(ctx, product.id)).map((e) => e.performedBy)).toEqual([teammate.user.id]);
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
    const before = await countRows(ctx, activities);
    const res = await as(owner, post({ projectId: product.id, ...payload }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields)).toEqual([field]);
    expect(await countRows(ctx, activities)).toBe(before);
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
      const before = await countRows(ctx, activities);
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
      expect(await countRows(ctx, activities)).toBe(before);
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
    const before = await countRows(ctx, activities);
    const res = await as(
      owner,
      post({ actionType: 'other', description: 'x', projectId: product.id, metadata }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields)).toEqual(['metadata']);
    expect(await countRows(ctx, activities)).toBe(before);
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
    const before = await countRows(ctx, activities);
    const body = { actionType: 'other', description: 'x', projectId: product.id };
    expect((await as(stranger, post(body))).statusCode).toBe(404);
    const unknown = await as(owner, post({ ...body, projectId: UNKNOWN_ID }));
    expect(unknown.statusCode).toBe(404);
    expect((await as(undefined, post(body))).statusCode).toBe(401);
    expect(await countRows(ctx, activities)).toBe(before);
  });
});

describe('history posted by a client', () => {
  it('never counts in the reopened figure of analytics, whether posted now or stored before the rule', async () => {
    const root = await signedIn('super admin');
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
