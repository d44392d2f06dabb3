import { productMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { validProduct } from './products.test-kit.ts';

// One product: GET /api/projects/{id}, and the activity log and team members it carries.
const { ctx, as, member, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('GET /api/projects/{id}', () => {
  it('answers the product with its 20 newest entries, names joined, and its creator', async () => {
    const owner = await member('Cleo Creator');
    const helper = await member('Hal Helper');
    const created = await as(owner, { method: 'POST', url: '/api/projects', payload: validProduct });
    const id = created.json().id;
    const base = Date.parse('2030-01-01T00:00:00Z');
    await ctx.db.insert(activities).values(
      Array.from({ length: 25 }, (_, i) => ({
        actionType: 'comment_added',
        description: `Comment ${i}`,
        productId: id,
        performedBy: i % 2 ? helper.user.id : owner.user.id,
        createdAt: new Date(base + i * 1000),
      })),
    );

    const res = await as(owner, { url: `/api/projects/${id}?page=10&limit=1` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      _id: id,
      name: 'Nebula',
      status: 'planning',
      team_size: 4,
      progress: 0,
      created_by: owner.user.id,
      creator: { _id: owner.user.id, name: 'Cleo Creator', avatar_url: null },
    });
    expect(body.activity_log).toHaveLength(20);
    expect(body.activity_log.map((a: { description: string }) => a.description)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Comment ${24 - i}`),
    );
    expect(body.activity_log[0]).toEqual({
      _id: expect.any(String),
      id: body.activity_log[0]._id,
      actionType: 'comment_added',
      description: 'Comment 24',
      metadata: {},
      projectId: id,
      productName: 'Nebula',
      performedBy: owner.user.id,
      taskId: null,
      performer: { _id: owner.user.id, name: 'Cleo Creator', avatar_url: null },
      createdAt: new Date(base + 24_000).toISOString(),
      updatedAt: new Date(base + 24_000).toISOString(),
    });
    expect(body.activity_log[1].performer.name).toBe('Hal Helper');
  });

  it('answers a null creator once the creator is gone', async () => {
    const orphan = await createProduct(ctx, null, { name: 'Orphan' });
    const res = await as(admin, { url: `/api/projects/${orphan.id}` });
    expect(res.json()).toMatchObject({ name: 'Orphan', created_by: null, creator: null, activity_log: [] });
  });

  it('is 404 for an unknown product and 400 for an id that is not one', async () => {
    const caller = await member();
    const unknown = await as(caller, { url: `/api/projects/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: productMessages.notFound, code: 'PRODUCT_NOT_FOUND' });
    expect((await as(caller, { url: '/api/projects/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('activity_log and team members in the list and the detail (spec §7.2)', () => {
  it('lists each product with its 5 newest entries, newest first, and the detail with its active members', async () => {
    const owner = await member('Lena Lister');
    const mate = await member();
    const invited = await member();
    const busy = await createProduct(ctx, owner.user.id, { name: 'Busy' });
    const quiet = await createProduct(ctx, owner.user.id, { name: 'Quiet' });
    const base = Date.parse('2031-01-01T00:00:00Z');
    await ctx.db.insert(activities).values(
      Array.from({ length: 8 }, (_, i) => ({
        actionType: 'comment_added',
        description: `Note ${i}`,
        metadata: { status: 'planning', secret: 'not listed' },
        productId: busy.id,
        performedBy: owner.user.id,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const core = await createTeam(ctx, busy.id);
    const design = await createTeam(ctx, busy.id, { name: 'Design', teamType: 'design' });
    await addMember(ctx, core.id, mate.user.id);
    await addMember(ctx, design.id, mate.user.id);
    await addMember(ctx, design.id, owner.user.id);
    await addMember(ctx, core.id, invited.user.id, { status: 'invited' });

    const res = await as(owner, { url: '/api/projects?page=1&limit=10' });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((p: { name: string }) => [p.name, p])) as Record<
      string,
      { activity_log: { description: string; metadata: object }[]; active_members: number }
    >;
    expect(byName.Busy?.activity_log.map((a) => a.description)).toEqual([
      'Note 7',
      'Note 6',
      'Note 5',
      'Note 4',
      'Note 3',
    ]);
    expect(byName.Busy?.activity_log[0]).toMatchObject({
      actionType: 'comment_added',
      projectId: busy.id,
      productName: 'Busy',
      performer: { _id: owner.user.id, name: 'Lena Lister', avatar_url: null },
      metadata: { status: 'planning' },
    });
    expect(byName.Busy?.activity_log[0]?.metadata).not.toHaveProperty('secret');
    expect(byName.Quiet?.activity_log).toEqual([]);
    // The mate in two teams counts once; an invitation is not a member.
    expect(byName.Busy?.active_members).toBe(2);
    expect(byName.Quiet?.active_members).toBe(0);

    const detail = await as(owner, { url: `/api/projects/${busy.id}` });
    expect(detail.json()).toMatchObject({ active_members: 2, team_size: 3, archived_at: null });
    expect((await as(owner, { url: `/api/projects/${quiet.id}` })).json().active_members).toBe(0);
  });

  it('reads every row’s entries in one query, however many products the page holds', async () => {
    const owner = await member();
    for (let i = 0; i < 6; i++) {
      const p = await createProduct(ctx, owner.user.id, { name: `Row ${i}` });
      await ctx.db
        .insert(activities)
        .values({ actionType: 'other', description: `Entry ${i}`, productId: p.id });
    }
    const queries: string[] = [];
    const original = ctx.pool.query.bind(ctx.pool);
    // biome-ignore lint/suspicious/noExplicitAny: counting whatever the driver is asked
    (ctx.pool as any).query = (...args: any[]) => {
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      if (typeof text === 'string' && text.includes('"activities"')) queries.push(text);
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const res = await as(owner, { url: '/api/projects' });
      expect(res.json().data).toHaveLength(6);
      expect(res.json().data.every((p: { activity_log: unknown[] }) => p.activity_log.length === 1)).toBe(
        true,
      );
    } finally {
      // biome-ignore lint/suspicious/noExplicitAny: restoring the driver
      (ctx.pool as any).query = original;
    }
    expect(queries).toHaveLength(1);
  });
});
