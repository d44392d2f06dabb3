import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../../testing/factories.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/projects', () => {
  it('lists only what the caller may see: their own products, or every product for an admin', async () => {
    const alice = await createSignedInUser(ctx, { role: 'member' });
    const bob = await createSignedInUser(ctx, { role: 'guest' });
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const older = await createProduct(ctx, alice.user.id, {
      name: 'Older',
      createdAt: new Date('2026-01-01'),
    });
    const newer = await createProduct(ctx, alice.user.id, { name: 'Newer', status: 'testing' });
    const bobs = await createProduct(ctx, bob.user.id, { name: 'Bob’s' });

    const mine = await ctx.app.inject({ url: '/api/projects', headers: alice.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 2, page: 1, limit: 50 });
    expect(mine.json().data.map((p: { id: string }) => p.id)).toEqual([newer.id, older.id]);
    expect(mine.json().data[0]).toMatchObject({
      _id: newer.id,
      name: 'Newer',
      status: 'testing',
      team_size: 3,
      progress: 0,
      start_date: '2026-01-01',
      target_end_date: '2026-12-31',
      created_by: alice.user.id,
    });

    const guest = await ctx.app.inject({ url: '/api/projects', headers: bob.headers });
    expect(guest.json().data.map((p: { id: string }) => p.id)).toEqual([bobs.id]);

    const all = await ctx.app.inject({ url: '/api/projects?limit=2&page=1', headers: admin.headers });
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    expect(all.json().data).toHaveLength(2);
  });

  it('refuses a caller without a session and bad paging', async () => {
    expect((await ctx.app.inject('/api/projects')).statusCode).toBe(401);
    const { headers } = await createSignedInUser(ctx);
    expect((await ctx.app.inject({ url: '/api/projects?limit=500', headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/projects?page=0', headers })).statusCode).toBe(400);
  });
});
