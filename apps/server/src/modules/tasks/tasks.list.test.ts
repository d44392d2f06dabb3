import { productMessages, taskMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks, teamMembers } from '../../db/schema/index.ts';
import { cursorMessages, encodeCursor } from '../../lib/cursor.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { countRows } from '../../testing/stored.ts';
import { ids, titles } from './tasks.test-kit.ts';

// Reading tasks: the cross-product list, a product's list, its form options and one task.
const { ctx, as, member, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

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
    for (const id of [h.id, UNKNOWN_ID]) {
      const one = await as(viewer, { url: `/api/tasks/${id}` });
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ message: taskMessages.notFound, code: 'TASK_NOT_FOUND' });
    }
    // An admin sees every task.
    const all = await as(admin, { url: '/api/tasks/all?limit=200' });
    expect(all.json().total).toBe(await countRows(ctx, tasks));
    expect((await as(admin, { url: `/api/tasks/${h.id}` })).json()).toMatchObject({
      id: h.id,
      title: 'Hidden H',
    });
  });

  it('is the list, not a task called "all", and refuses a caller without a session', async () => {
    const viewer = await member();
    const res = await as(viewer, { url: '/api/tasks/all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], total: 0, nextCursor: null, estimateSum: 0 });
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
      b64(`2026-02-30T10:00:00.000000Z|${UNKNOWN_ID}`),
      b64('2026-02-03T10:00:00.000000Z|not-a-uuid'),
      b64(`2026-02-03 10:00:00|${UNKNOWN_ID}`),
      b64(`2026-02-03T10:00:00.000000Z|${UNKNOWN_ID}|x`),
    ]) {
      const res = await as(viewer, { url: `/api/tasks/all?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json(), cursor).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: cursorMessages.invalid,
        details: { fields: { cursor: [cursorMessages.invalid] } },
      });
    }
    const fine = encodeCursor({ createdAt: '2026-02-03T10:00:00.000000Z', id: UNKNOWN_ID });
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
      // Issue 29: the product's estimate scale, none by default.
      estimateScale: 'none',
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
