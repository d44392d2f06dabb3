import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, products, tasks } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { countRows } from '../../testing/stored.ts';
import { ids } from './products.test-kit.ts';

// The products list: GET /api/projects, its filters, paging and shared cache.
const { ctx, as, member, guest, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('GET /api/projects: shared between requests, never older than a write', () => {
  // The list is computed once per caller and filters and shared until a write outdates it
  // (docs/decisions/023-request-hot-path.md). Writes here go straight to the database, as another
  // process or machine would make them.
  it('shows a write made elsewhere on the next request: progress, a new product, a new entry, visibility', async () => {
    const owner = await member('Cora Cache');
    const product = await createProduct(ctx, owner.user.id, { name: 'Cached' });
    const task = await createTask(ctx, product.id, { status: 'Pending' });
    const list = async () => (await as(owner, { url: '/api/projects' })).json();
    expect((await list()).data[0]).toMatchObject({ id: product.id, progress: 0 });
    await list();
    await ctx.db
      .update(tasks)
      .set({ status: 'Completed', completedAt: new Date() })
      .where(eq(tasks.id, task.id));
    expect((await list()).data[0]).toMatchObject({ id: product.id, progress: 100 });
    await ctx.db
      .insert(activities)
      .values({ actionType: 'other', description: 'Fresh entry', productId: product.id });
    expect((await list()).data[0].activity_log[0]).toMatchObject({ description: 'Fresh entry' });
    const second = await createProduct(ctx, owner.user.id, { name: 'Second' });
    const shown = await list();
    expect(shown.total).toBe(2);
    expect(shown.data.map((p: { id: string }) => p.id)).toEqual([second.id, product.id]);
    // Another caller sees it once they join a team of it, and not before.
    const other = await member('Otto Other');
    expect((await as(other, { url: '/api/projects' })).json().total).toBe(0);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, other.user.id);
    expect((await as(other, { url: '/api/projects' })).json().data.map((p: { id: string }) => p.id)).toEqual([
      product.id,
    ]);
  });
});

describe('GET /api/projects', () => {
  it('lists only what the caller may see: their own products, or every product for an admin', async () => {
    const alice = await member();
    const bob = await guest();
    const older = await createProduct(ctx, alice.user.id, {
      name: 'Older',
      createdAt: new Date('2026-01-01'),
    });
    const newer = await createProduct(ctx, alice.user.id, { name: 'Newer', status: 'testing' });
    const bobs = await createProduct(ctx, bob.user.id, { name: 'Bob’s' });

    const mine = await as(alice, { url: '/api/projects' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 2, page: 1, limit: 50 });
    expect(ids(mine.json())).toEqual([newer.id, older.id]);
    expect(mine.json().data[0]).toEqual({
      id: newer.id,
      _id: newer.id,
      name: 'Newer',
      key: newer.key,
      description: 'A product',
      status: 'testing',
      priority: 'medium',
      team_size: 3,
      progress: 0,
      start_date: '2026-01-01',
      target_end_date: '2026-12-31',
      created_by: alice.user.id,
      archived_at: null,
      // Its place on the board (issue 28): the first of its stage.
      rank: newer.rank,
      createdAt: newer.createdAt.toISOString(),
      updatedAt: newer.updatedAt.toISOString(),
      // Issue 32: when it entered its stage (the board card's "N d in Testing").
      stage_entered_at: newer.stageEnteredAt.toISOString(),
      creator: { _id: alice.user.id, name: 'Mia Member', avatar_url: null },
      active_members: 0,
      activity_log: [],
    });

    const guestList = await as(bob, { url: '/api/projects' });
    expect(ids(guestList.json())).toEqual([bobs.id]);

    const all = await as(admin, { url: '/api/projects?limit=2&page=1' });
    expect(all.json().total).toBe(await countRows(ctx, products));
    expect(all.json().data).toHaveLength(2);
  });

  it('refuses a caller without a session and bad paging or filters', async () => {
    expect((await ctx.app.inject('/api/projects')).statusCode).toBe(401);
    const { headers } = await member();
    for (const query of ['limit=500', 'page=0', 'status=done', 'priority=urgent', 'team=frontend']) {
      const res = await ctx.app.inject({ url: `/api/projects?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('pages in a stable order: newest first, ties broken by id', async () => {
    const owner = await member();
    const at = new Date('2026-05-05T10:00:00Z');
    const made = await Promise.all(
      [1, 2, 3].map((n) => createProduct(ctx, owner.user.id, { name: `Tie ${n}`, createdAt: at })),
    );
    const expected = made.map((p) => p.id).sort((a, b) => b.localeCompare(a));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await as(owner, { url: `/api/projects?limit=1&page=${page}` });
      expect(res.json()).toMatchObject({ total: 3, page, limit: 1 });
      pages.push(...ids(res.json()));
    }
    expect(pages).toEqual(expected);
    expect((await as(owner, { url: '/api/projects?limit=1&page=4' })).json()).toMatchObject({
      data: [],
      total: 3,
    });
  });

  it('shows a product to an active member of one of its teams, but not to an invited one', async () => {
    const owner = await member('Olga Owner');
    const active = await member('Ari Active');
    const invited = await member('Ivo Invited');
    const product = await createProduct(ctx, owner.user.id, { name: 'Shared' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, active.user.id);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });

    expect(ids((await as(active, { url: '/api/projects' })).json())).toEqual([product.id]);
    expect((await as(active, { url: `/api/projects/${product.id}` })).statusCode).toBe(200);
    expect((await as(invited, { url: '/api/projects' })).json()).toMatchObject({ data: [], total: 0 });
    expect((await as(invited, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);
  });

  it('narrows the list and its total by status, priority and team type', async () => {
    const owner = await member();
    const devHigh = await createProduct(ctx, owner.user.id, { status: 'planning', priority: 'high' });
    const qaLow = await createProduct(ctx, owner.user.id, { status: 'testing', priority: 'low' });
    const noTeamHigh = await createProduct(ctx, owner.user.id, { status: 'testing', priority: 'high' });
    await createTeam(ctx, devHigh.id, { teamType: 'development' });
    await createTeam(ctx, devHigh.id, { teamType: 'design', name: 'Looks' });
    await createTeam(ctx, qaLow.id, { teamType: 'qa' });

    const cases: [string, string[]][] = [
      ['status=testing', [noTeamHigh.id, qaLow.id]],
      ['status=Testing,PLANNING', [noTeamHigh.id, qaLow.id, devHigh.id]],
      ['status=production', []],
      ['priority=high', [noTeamHigh.id, devHigh.id]],
      ['team=qa', [qaLow.id]],
      ['team=qa,design', [qaLow.id, devHigh.id]],
      ['team=marketing', []],
      ['status=testing&priority=high', [noTeamHigh.id]],
      ['status=testing&team=qa&priority=low', [qaLow.id]],
    ];
    for (const [query, expected] of cases) {
      const res = await as(owner, { url: `/api/projects?${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(ids(res.json()), query).toEqual(expected);
      expect(res.json().total, query).toBe(expected.length);
    }
    // A product with two teams of matching types is listed once.
    const both = await as(owner, { url: '/api/projects?team=development,design' });
    expect(ids(both.json())).toEqual([devHigh.id]);
  });

  it('searches name and description case-insensitively, taking % and _ literally', async () => {
    const owner = await member();
    const percent = await createProduct(ctx, owner.user.id, { name: 'Rocket 100% done' });
    const thousand = await createProduct(ctx, owner.user.id, { name: 'Rocket 1000 done' });
    const underscore = await createProduct(ctx, owner.user.id, { name: 'snake_case tool' });
    await createProduct(ctx, owner.user.id, { name: 'snakeXcase tool' });
    const byDescription = await createProduct(ctx, owner.user.id, {
      name: 'Base',
      description: 'Builds a MOON base',
    });
    const backslash = await createProduct(ctx, owner.user.id, { name: 'C:\\path' });

    const cases: [string, string[]][] = [
      ['100%', [percent.id]],
      ['snake_case', [underscore.id]],
      ['moon', [byDescription.id]],
      ['ROCKET 100', [percent.id, thousand.id]],
      ['rocket 100%', [percent.id]],
      ['c:\\p', [backslash.id]],
      ['%', [percent.id]],
      ['nothing like it', []],
    ];
    for (const [search, expected] of cases) {
      const res = await as(owner, { url: `/api/projects?search=${encodeURIComponent(search)}` });
      expect(res.statusCode, search).toBe(200);
      expect(ids(res.json()).sort(), search).toEqual([...expected].sort());
      expect(res.json().total, search).toBe(expected.length);
    }
  });

  it('derives progress from the tasks: 1 of 4 completed is 25, none is 0, 2 of 3 rounds to 67', async () => {
    const owner = await member();
    const quarter = await createProduct(ctx, owner.user.id, { name: 'Quarter' });
    const twoThirds = await createProduct(ctx, owner.user.id, { name: 'Two thirds' });
    const empty = await createProduct(ctx, owner.user.id, { name: 'Empty' });
    await createTask(ctx, quarter.id, { status: 'Completed' });
    await createTask(ctx, quarter.id, { status: 'In Progress' });
    await createTask(ctx, quarter.id);
    await createTask(ctx, quarter.id);
    await createTask(ctx, twoThirds.id, { status: 'Completed' });
    await createTask(ctx, twoThirds.id, { status: 'Completed' });
    await createTask(ctx, twoThirds.id);

    const list = await as(owner, { url: '/api/projects' });
    const progress = Object.fromEntries(
      list.json().data.map((p: { name: string; progress: number }) => [p.name, p.progress]),
    );
    expect(progress).toEqual({ Quarter: 25, 'Two thirds': 67, Empty: 0 });

    const detail = await as(owner, { url: `/api/projects/${quarter.id}` });
    expect(detail.json().progress).toBe(25);
    expect((await as(owner, { url: `/api/projects/${empty.id}` })).json().progress).toBe(0);
  });
});
