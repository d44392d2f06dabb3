import { productMessages } from '@shipyard/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, documents, products, tasks, teamMembers, teams } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { multipartFile } from '../../testing/multipart.ts';

const { ctx, as, signedIn, member, guest } = useTestApp();
let admin: Signed;
beforeAll(async () => {
  admin = await signedIn('admin', 'Ada Admin');
});

const ids = (body: { data: { id: string }[] }) => body.data.map((p) => p.id);

const countProducts = async () => (await ctx.db.select({ n: count() }).from(products))[0]?.n;
const countActivities = async () => (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
const storedProduct = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0];
const entriesOf = (productId: string) =>
  ctx.db
    .select()
    .from(activities)
    .where(eq(activities.productId, productId))
    .orderBy(asc(activities.createdAt));

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

const validProduct = {
  name: 'Nebula',
  description: 'A star map',
  start_date: '2026-03-01',
  target_end_date: '2026-09-30',
  status: 'planning',
  team_size: 4,
};

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
      description: 'A product',
      status: 'testing',
      priority: 'medium',
      team_size: 3,
      progress: 0,
      start_date: '2026-01-01',
      target_end_date: '2026-12-31',
      created_by: alice.user.id,
      archived_at: null,
      createdAt: newer.createdAt.toISOString(),
      updatedAt: newer.updatedAt.toISOString(),
      creator: { _id: alice.user.id, name: 'Mia Member', avatar_url: null },
      active_members: 0,
      activity_log: [],
    });

    const guestList = await as(bob, { url: '/api/projects' });
    expect(ids(guestList.json())).toEqual([bobs.id]);

    const all = await as(admin, { url: '/api/projects?limit=2&page=1' });
    expect(all.json().total).toBe(await countProducts());
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
    const unknown = await as(caller, { url: '/api/projects/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: productMessages.notFound, code: 'PRODUCT_NOT_FOUND' });
    expect((await as(caller, { url: '/api/projects/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('POST /api/projects', () => {
  const create = (payload: object): Req => ({ method: 'POST', url: '/api/projects', payload });

  it('creates the product for the caller, ignoring a created_by in the body, and records prd_created', async () => {
    const owner = await member('Nina New');
    const other = await member();
    const res = await as(
      owner,
      create({ ...validProduct, status: 'Development', priority: 'high', created_by: other.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Nebula',
      description: 'A star map',
      status: 'development',
      priority: 'high',
      team_size: 4,
      progress: 0,
      start_date: '2026-03-01',
      target_end_date: '2026-09-30',
      created_by: owner.user.id,
    });
    expect(body._id).toBe(body.id);

    const row = await storedProduct(body.id);
    expect(row).toMatchObject({
      name: 'Nebula',
      status: 'development',
      priority: 'high',
      teamSize: 4,
      createdBy: owner.user.id,
    });
    const entries = await entriesOf(body.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'prd_created',
      description: 'Created product "Nebula"',
      metadata: { status: 'development' },
      performedBy: owner.user.id,
    });
  });

  it('defaults the priority to medium and trims the texts', async () => {
    const owner = await member();
    const res = await as(owner, create({ ...validProduct, name: '  Trimmed  ', team_size: '2' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Trimmed', priority: 'medium', team_size: 2 });
  });

  const without = (field: keyof typeof validProduct) => {
    const copy: Record<string, unknown> = { ...validProduct };
    delete copy[field];
    return copy;
  };
  it.each([
    ['name missing', without('name'), 'name', productMessages.nameRequired],
    ['name blank', { ...validProduct, name: '   ' }, 'name', productMessages.nameRequired],
    ['description missing', without('description'), 'description', productMessages.descriptionRequired],
    [
      'description blank',
      { ...validProduct, description: ' ' },
      'description',
      productMessages.descriptionRequired,
    ],
    ['start date missing', without('start_date'), 'start_date', productMessages.startDateRequired],
    [
      'start date not a date',
      { ...validProduct, start_date: 'soon' },
      'start_date',
      productMessages.startDateRequired,
    ],
    [
      'start date not a day',
      { ...validProduct, start_date: '2026-02-30' },
      'start_date',
      productMessages.startDateRequired,
    ],
    [
      'target date missing',
      without('target_end_date'),
      'target_end_date',
      productMessages.targetDateRequired,
    ],
    [
      'target date not a date',
      { ...validProduct, target_end_date: '31/12/2026' },
      'target_end_date',
      productMessages.targetDateRequired,
    ],
    [
      'target before start',
      { ...validProduct, target_end_date: '2026-02-28' },
      'target_end_date',
      productMessages.targetBeforeStart,
    ],
    ['status missing', without('status'), 'status', productMessages.statusRequired],
    ['status unknown', { ...validProduct, status: 'done' }, 'status', productMessages.statusRequired],
    ['team size missing', without('team_size'), 'team_size', productMessages.teamSizeMin],
    ['team size 0', { ...validProduct, team_size: 0 }, 'team_size', productMessages.teamSizeMin],
    [
      'team size not a number',
      { ...validProduct, team_size: 'many' },
      'team_size',
      productMessages.teamSizeMin,
    ],
    ['team size not whole', { ...validProduct, team_size: 1.5 }, 'team_size', productMessages.teamSizeMin],
  ])('refuses %s with its message and stores nothing', async (_case, payload, field, message) => {
    const owner = await member();
    const [productsBefore, activitiesBefore] = [await countProducts(), await countActivities()];
    const res = await as(owner, create(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json().details.fields[field]).toContain(message);
    expect(await countProducts()).toBe(productsBefore);
    expect(await countActivities()).toBe(activitiesBefore);
  });

  it('refuses a guest (403) and a caller without a session (401), storing nothing', async () => {
    const visitor = await guest();
    const before = await countProducts();
    const refused = await as(visitor, create(validProduct));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    expect((await as(undefined, create(validProduct))).statusCode).toBe(401);
    expect(await countProducts()).toBe(before);
  });

  it('stores no product when its activity entry cannot be written', async () => {
    const owner = await member();
    const restore = await refuseActivitiesWhen(`new.description like 'Created product "Doomed%'`);
    try {
      const res = await as(owner, create({ ...validProduct, name: 'Doomed' }));
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await ctx.db.select().from(products).where(eq(products.name, 'Doomed'))).toEqual([]);
  });
});

describe('PATCH /api/projects/{id}/status', () => {
  const move = (id: string, status: string): Req => ({
    method: 'PATCH',
    url: `/api/projects/${id}/status`,
    payload: { status },
  });

  it('moves the product and records exactly one status_changed entry with the previous and new status', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    await createTask(ctx, product.id, { status: 'Completed' });
    await createTask(ctx, product.id);

    const res = await as(owner, move(product.id, 'Testing'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id, status: 'testing', progress: 50 });
    expect((await storedProduct(product.id))?.status).toBe('testing');
    const entries = await entriesOf(product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'status_changed',
      description: 'Status changed from Planning to Testing',
      metadata: { previousStatus: 'planning', newStatus: 'testing' },
      performedBy: owner.user.id,
    });
  });

  it('answers the product as it is and records nothing when the status is the same', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { status: 'production' });
    const res = await as(owner, move(product.id, 'Production'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'production', updatedAt: product.updatedAt.toISOString() });
    expect(await entriesOf(product.id)).toEqual([]);
  });

  it('lets an active team member and an admin move it, and refuses a guest on its team with 403', async () => {
    const owner = await member();
    const teammate = await member('Tia Teammate');
    const visitor = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, visitor.user.id);

    expect((await as(teammate, move(product.id, 'development'))).statusCode).toBe(200);
    expect((await as(admin, move(product.id, 'maintenance'))).statusCode).toBe(200);
    const refused = await as(visitor, move(product.id, 'planning'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(productMessages.readOnly);

    expect((await storedProduct(product.id))?.status).toBe('maintenance');
    const entries = await entriesOf(product.id);
    expect(entries.map((e) => [e.performedBy, e.metadata])).toEqual([
      [teammate.user.id, { previousStatus: 'planning', newStatus: 'development' }],
      [admin.user.id, { previousStatus: 'development', newStatus: 'maintenance' }],
    ]);
  });

  it('refuses an unknown status with the spec message', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const res = await as(owner, move(product.id, 'shipped'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(productMessages.statusRequired);
  });

  it('changes nothing when the activity entry cannot be written', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const restore = await refuseActivitiesWhen(`new.product_id = '${product.id}'`);
    try {
      expect((await as(owner, move(product.id, 'testing'))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await storedProduct(product.id))?.status).toBe('planning');
    expect(await entriesOf(product.id)).toEqual([]);
  });
});

describe('PATCH /api/projects/{id}', () => {
  const edit = (id: string, payload: object): Req => ({
    method: 'PATCH',
    url: `/api/projects/${id}`,
    payload,
  });

  it('changes only the given fields and records product_updated listing what changed', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Old', priority: 'high' });
    const res = await as(owner, edit(product.id, { name: 'New', team_size: 9, description: 'A product' }));
    expect(res.statusCode).toBe(200);
    // An omitted priority is kept (it has a default only on create).
    expect(res.json()).toMatchObject({ name: 'New', team_size: 9, priority: 'high', status: 'planning' });
    expect(await storedProduct(product.id)).toMatchObject({ name: 'New', teamSize: 9, priority: 'high' });
    const entries = await entriesOf(product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'product_updated',
      description: 'Updated product "New": name, team size',
      metadata: { changes: { name: { from: 'Old', to: 'New' }, team_size: { from: 3, to: 9 } } },
      performedBy: owner.user.id,
    });
  });

  it('records the previous and new status when the edit changes it, and nothing when nothing changes', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const same = await as(owner, edit(product.id, { name: product.name, status: 'PLANNING' }));
    expect(same.statusCode).toBe(200);
    expect(await entriesOf(product.id)).toEqual([]);

    await as(owner, edit(product.id, { status: 'Production' }));
    const [entry] = await entriesOf(product.id);
    expect(entry?.metadata).toMatchObject({ previousStatus: 'planning', newStatus: 'production' });
  });

  it('checks a single new date against the stored other, changing nothing', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id); // 2026-01-01 … 2026-12-31
    const res = await as(owner, edit(product.id, { target_end_date: '2025-12-31' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: productMessages.targetBeforeStart,
    });
    expect(res.json().details.fields.target_end_date).toEqual([productMessages.targetBeforeStart]);
    expect((await storedProduct(product.id))?.targetEndDate).toBe('2026-12-31');
    const blank = await as(owner, edit(product.id, { name: ' ' }));
    expect(blank.json().message).toBe(productMessages.nameRequired);
    expect(await entriesOf(product.id)).toEqual([]);
  });

  it('lets only its creator and admins edit: a teammate gets 403 and a stranger 404', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Kept' });
    await addMember(ctx, (await createTeam(ctx, product.id)).id, teammate.user.id);

    const refused = await as(teammate, edit(product.id, { name: 'Taken' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(productMessages.forbidden);
    expect((await as(stranger, edit(product.id, { name: 'Taken' }))).statusCode).toBe(404);
    expect((await storedProduct(product.id))?.name).toBe('Kept');

    expect((await as(admin, edit(product.id, { name: 'By admin' }))).json().name).toBe('By admin');
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('deletes the product and everything under it, and logs the deletion for its performer and admins', async () => {
    const owner = await member();
    const teammate = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Gone soon' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await createTask(ctx, product.id);
    await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });

    const res = await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: productMessages.deleted });
    expect(await storedProduct(product.id)).toBeUndefined();
    expect(await entriesOf(product.id)).toEqual([]);
    const [deletion] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.actionType, 'product_deleted'), eq(activities.performedBy, owner.user.id)));
    expect(deletion).toMatchObject({
      description: 'Deleted product "Gone soon"',
      productId: null,
      metadata: { productId: product.id, name: 'Gone soon' },
    });

    const descriptions = async (who: Signed) =>
      (await as(who, { url: '/api/activities' }))
        .json()
        .data.map((a: { description: string }) => a.description);
    expect(await descriptions(owner)).toContain('Deleted product "Gone soon"');
    expect(await descriptions(admin)).toContain('Deleted product "Gone soon"');
    expect(await descriptions(teammate)).not.toContain('Deleted product "Gone soon"');
    expect((await as(owner, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);
  });

  it('refuses a teammate (403), a guest creator (403) and a stranger (404), deleting nothing', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const demoted = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const guestsOwn = await createProduct(ctx, demoted.user.id);
    await addMember(ctx, (await createTeam(ctx, product.id)).id, teammate.user.id);
    const del = (id: string): Req => ({ method: 'DELETE', url: `/api/projects/${id}` });

    expect((await as(teammate, del(product.id))).statusCode).toBe(403);
    expect((await as(stranger, del(product.id))).statusCode).toBe(404);
    const guestRefused = await as(demoted, del(guestsOwn.id));
    expect(guestRefused.statusCode).toBe(403);
    expect(guestRefused.json().message).toBe(productMessages.readOnly);
    expect(await storedProduct(product.id)).toBeDefined();
    expect(await storedProduct(guestsOwn.id)).toBeDefined();

    expect((await as(admin, del(product.id))).statusCode).toBe(200);
    expect(await storedProduct(product.id)).toBeUndefined();
  });
});

describe('visibility between two members and a guest', () => {
  it('hides a product from whoever neither created it nor is an active member of its teams', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const gus = await guest('Gus');
    const secret = await createProduct(ctx, alice.user.id, { name: 'Secret' });
    await ctx.db.insert(activities).values({
      actionType: 'milestone_reached',
      description: 'Secret milestone',
      productId: secret.id,
      performedBy: alice.user.id,
    });
    const before = await storedProduct(secret.id);
    const id = secret.id;

    for (const outsider of [bob, gus]) {
      const who = outsider.user.name;
      const calls: Req[] = [
        { url: `/api/projects/${id}` },
        { method: 'PATCH', url: `/api/projects/${id}/status`, payload: { status: 'testing' } },
        { method: 'PATCH', url: `/api/projects/${id}`, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: `/api/projects/${id}` },
        { url: `/api/activities/product/${id}` },
        {
          method: 'POST',
          url: '/api/activities',
          payload: { actionType: 'comment_added', description: 'Hi', projectId: id },
        },
      ];
      for (const call of calls) {
        const res = await as(outsider, call);
        expect(res.statusCode, `${who} ${call.method ?? 'GET'} ${call.url}`).toBe(404);
        expect(res.json().message).toBe(productMessages.notFound);
      }
      expect(ids((await as(outsider, { url: '/api/projects' })).json())).not.toContain(id);
      const log = (await as(outsider, { url: '/api/activities' })).json();
      expect(log.data.map((a: { projectId: string }) => a.projectId)).not.toContain(id);
      expect(log.actionTypes).not.toContain('milestone_reached');
      const filtered = (await as(outsider, { url: `/api/activities?productId=${id}` })).json();
      expect(filtered).toMatchObject({ data: [], total: 0 });
    }

    expect(await storedProduct(id)).toEqual(before);
    expect((await entriesOf(id)).map((e) => e.description)).toEqual(['Secret milestone']);

    // Alice and any admin see it all.
    for (const insider of [alice, admin]) {
      expect((await as(insider, { url: `/api/projects/${id}` })).statusCode).toBe(200);
      expect(ids((await as(insider, { url: '/api/projects?limit=200' })).json())).toContain(id);
      expect((await as(insider, { url: '/api/activities' })).json().actionTypes).toContain(
        'milestone_reached',
      );
    }
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }

  it('publishes a product change after each write; a creation lets the creator see it', async () => {
    const owner = await member();
    let id = '';
    expect(
      await publishedBy(async () => {
        const res = await as(owner, { method: 'POST', url: '/api/projects', payload: validProduct });
        expect(res.statusCode).toBe(201);
        id = res.json().id;
      }),
    ).toEqual([
      expect.objectContaining({
        kind: 'product',
        op: 'created',
        id,
        productId: id,
        access: [owner.user.id],
        version: expect.any(Number),
      }),
    ]);
    const updated = expect.objectContaining({ kind: 'product', op: 'updated', id, productId: id });
    expect(
      await publishedBy(() =>
        as(owner, { method: 'PATCH', url: `/api/projects/${id}/status`, payload: { status: 'testing' } }),
      ),
    ).toEqual([updated]);
    expect(
      await publishedBy(() =>
        as(owner, { method: 'PATCH', url: `/api/projects/${id}`, payload: { name: 'Renamed' } }),
      ),
    ).toEqual([updated]);
    expect(await publishedBy(() => as(owner, { method: 'DELETE', url: `/api/projects/${id}` }))).toEqual([
      expect.objectContaining({ kind: 'product', op: 'deleted', id, productId: id }),
    ]);
  });

  it('publishes nothing for a change that changes nothing, a refused or invalid write, or a rollback', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await guest();
    const product = await createProduct(ctx, owner.user.id, { name: 'Steady', status: 'planning' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, visitor.user.id);
    const url = `/api/projects/${product.id}`;
    const published = await publishedBy(async () => {
      expect((await as(owner, { method: 'PATCH', url, payload: { name: 'Steady' } })).statusCode).toBe(200);
      expect(
        (await as(owner, { method: 'PATCH', url: `${url}/status`, payload: { status: 'planning' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await as(owner, { method: 'POST', url: '/api/projects', payload: { ...validProduct, name: '' } }))
          .statusCode,
      ).toBe(400);
      expect(
        (await as(visitor, { method: 'POST', url: '/api/projects', payload: validProduct })).statusCode,
      ).toBe(403);
      expect((await as(teammate, { method: 'DELETE', url })).statusCode).toBe(403);
      const restore = await refuseActivitiesWhen(`new.product_id = '${product.id}'`);
      try {
        expect((await as(owner, { method: 'PATCH', url, payload: { name: 'Lost' } })).statusCode).toBe(500);
      } finally {
        await restore();
      }
    });
    expect(published).toEqual([]);
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

describe('PATCH /api/projects/{id}/archive', () => {
  const archive = (id: string, archived = true): Req => ({
    method: 'PATCH',
    url: `/api/projects/${id}/archive`,
    payload: { archived },
  });
  const listed = async (who: Signed, query = '') =>
    ids((await as(who, { url: `/api/projects?limit=100${query}` })).json());

  it('archives for the creator: hidden from the list unless archived=true, still readable, and unarchives', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Shelved' });
    const res = await as(owner, archive(product.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id, name: 'Shelved' });
    expect(typeof res.json().archived_at).toBe('string');
    expect((await storedProduct(product.id))?.archivedAt).toBeInstanceOf(Date);
    expect((await entriesOf(product.id)).at(-1)).toMatchObject({
      actionType: 'product_updated',
      description: 'Archived product "Shelved"',
      metadata: { archived: true },
    });

    expect(await listed(owner)).not.toContain(product.id);
    expect(await listed(owner, '&archived=true')).toContain(product.id);
    expect(await listed(admin)).not.toContain(product.id);
    const detail = await as(owner, { url: `/api/projects/${product.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().archived_at).toBe(res.json().archived_at);

    const back = await as(owner, archive(product.id, false));
    expect(back.statusCode).toBe(200);
    expect(back.json().archived_at).toBeNull();
    expect(await listed(owner)).toContain(product.id);
    expect((await entriesOf(product.id)).at(-1)?.description).toBe('Unarchived product "Shelved"');
  });

  it('records nothing when archiving what is already archived', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { archivedAt: new Date('2030-01-01') });
    const before = await countActivities();
    const res = await as(owner, archive(product.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().archived_at).toBe('2030-01-01T00:00:00.000Z');
    expect(await countActivities()).toBe(before);
  });

  it('refuses no session (401), a teammate (403), a guest (403), a stranger and an unknown id (404), changing nothing', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const onlooker = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, onlooker.user.id);
    const before = await countActivities();

    expect((await as(undefined, archive(product.id))).statusCode).toBe(401);
    const mate = await as(teammate, archive(product.id));
    expect(mate.statusCode).toBe(403);
    expect(mate.json().message).toBe(productMessages.forbidden);
    const byGuest = await as(onlooker, archive(product.id));
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().message).toBe(productMessages.readOnly);
    expect((await as(stranger, archive(product.id))).statusCode).toBe(404);
    expect((await as(owner, archive('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await as(owner, { ...archive(product.id), payload: { archived: 'yes' } })).statusCode).toBe(400);
    expect((await storedProduct(product.id))?.archivedAt).toBeNull();
    expect(await countActivities()).toBe(before);

    expect((await as(admin, archive(product.id))).statusCode).toBe(200);
  });
});

describe('an archived product is read-only', () => {
  async function archivedProduct() {
    const owner = await member();
    const mate = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Frozen' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, owner.user.id, { role: 'manager', isLead: true });
    await addMember(ctx, team.id, mate.user.id);
    const task = await createTask(ctx, product.id, { title: 'Still here' });
    const [doc] = await ctx.db
      .insert(documents)
      .values({
        productId: product.id,
        name: 'a.txt',
        contentType: 'text/plain',
        size: 1,
        storageKey: `k-${product.id}`,
      })
      .returning();
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    return { owner, mate, product, team, task, doc: doc as { id: string } };
  }
  const expectArchived = (res: { statusCode: number; json: () => { message: string; code: string } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: productMessages.archived, code: 'PRODUCT_ARCHIVED' });
  };
  const snapshot = async (productId: string) => ({
    product: await storedProduct(productId),
    tasks: await ctx.db.select().from(tasks).where(eq(tasks.productId, productId)),
    teams: await ctx.db.select().from(teams).where(eq(teams.productId, productId)),
    members: await ctx.db
      .select({ m: teamMembers })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teams.productId, productId)),
    documents: await ctx.db.select().from(documents).where(eq(documents.productId, productId)),
    activities: await countActivities(),
  });

  it('refuses edits and moves of the product itself with 409, for its creator and an admin', async () => {
    const { owner, product } = await archivedProduct();
    const before = await snapshot(product.id);
    expectArchived(
      await as(owner, { method: 'PATCH', url: `/api/projects/${product.id}`, payload: { name: 'New' } }),
    );
    expectArchived(
      await as(admin, { method: 'PATCH', url: `/api/projects/${product.id}`, payload: { name: 'New' } }),
    );
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/projects/${product.id}/status`,
        payload: { status: 'testing' },
      }),
    );
    expect(await snapshot(product.id)).toEqual(before);
  });

  it('refuses writes to its tasks (create, edit, status, delete, move in or out) with 409, changing nothing', async () => {
    const { owner, mate, product, task } = await archivedProduct();
    const open = await createProduct(ctx, owner.user.id, { name: 'Open' });
    const openTask = await createTask(ctx, open.id);
    const before = await snapshot(product.id);
    expectArchived(
      await as(mate, { method: 'POST', url: '/api/tasks', payload: { title: 'New', projectId: product.id } }),
    );
    expectArchived(
      await as(mate, { method: 'PATCH', url: `/api/tasks/${task.id}/update`, payload: { title: 'Changed' } }),
    );
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/tasks/${task.id}/task/update`,
        payload: { status: 'Completed' },
      }),
    );
    expectArchived(await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` }));
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/tasks/${openTask.id}/update`,
        payload: { projectId: product.id },
      }),
    );
    expect(await snapshot(product.id)).toEqual(before);
    // Reading stays possible.
    expect((await as(mate, { url: `/api/tasks/${product.id}/tasks` })).statusCode).toBe(200);
  });

  it('refuses writes to its teams with 409 but lets a member leave, changing nothing else', async () => {
    const { owner, mate, product, team } = await archivedProduct();
    const outsider = await member();
    const before = await snapshot(product.id);
    expectArchived(
      await as(owner, {
        method: 'POST',
        url: `/api/team/${product.id}/create-team`,
        payload: { name: 'More', description: 'x', teamType: 'design' },
      }),
    );
    expectArchived(
      await as(owner, {
        method: 'POST',
        url: `/api/team/${team.id}/${product.id}/invite`,
        payload: { userId: outsider.user.id, role: 'developer' },
      }),
    );
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/team/${team.id}/lead`,
        payload: { memberId: mate.user.id },
      }),
    );
    expectArchived(await as(owner, { method: 'DELETE', url: `/api/team/${team.id}/remove/${mate.user.id}` }));
    expectArchived(await as(admin, { method: 'DELETE', url: `/api/team/${team.id}` }));
    expect(await snapshot(product.id)).toEqual(before);

    expect(
      (await as(mate, { method: 'DELETE', url: `/api/team/${team.id}/remove/${mate.user.id}` })).statusCode,
    ).toBe(200);
  });

  it('refuses uploading and deleting its documents with 409, and still lists them', async () => {
    const { owner, product, doc } = await archivedProduct();
    const before = await snapshot(product.id);
    const body = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('hello'));
    expectArchived(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${product.id}/documents`,
        payload: body.payload,
        headers: { ...owner.headers, ...body.headers },
      }),
    );
    expectArchived(
      await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}/documents/${doc.id}` }),
    );
    expect(await snapshot(product.id)).toEqual(before);
    expect((await as(owner, { url: `/api/projects/${product.id}/documents` })).json().total).toBe(1);
  });

  it('refuses a note posted to its timeline with 409, and still shows the timeline', async () => {
    const { mate, product } = await archivedProduct();
    const before = await snapshot(product.id);
    expectArchived(
      await as(mate, {
        method: 'POST',
        url: '/api/activities',
        payload: { actionType: 'comment_added', description: 'Late note', projectId: product.id },
      }),
    );
    expect(await snapshot(product.id)).toEqual(before);
    expect((await as(mate, { url: `/api/activities/product/${product.id}` })).statusCode).toBe(200);
  });

  it('can still be deleted by its creator', async () => {
    const { owner, product } = await archivedProduct();
    expect((await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}` })).statusCode).toBe(200);
    expect(await storedProduct(product.id)).toBeUndefined();
  });
});
