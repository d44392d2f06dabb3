import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, products } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

// Stage history from events, the stage_entered_at trigger, and the lifecycle reports (issue 32).
const { ctx, as, member, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

const get = (url: string): Req => ({ method: 'GET', url });
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
type Stay = {
  stage: string;
  entered_at: string;
  left_at: string | null;
  days: number;
  overridden: boolean;
  override_reason: string | null;
  entered_by: { name: string } | null;
  product_id: string;
};

async function log(
  productId: string,
  actionType: string,
  metadata: Record<string, unknown>,
  at: Date,
  by?: Signed,
) {
  await ctx.db.insert(activities).values({
    actionType,
    description: actionType,
    metadata,
    productId,
    performedBy: by?.user.id ?? null,
    createdAt: at,
  });
}

/** A product created `age` days ago in planning, moved on the board through `moves` ([stage, days ago]). */
async function productWithMoves(owner: Signed, name: string, age: number, moves: [string, number][]) {
  const last = moves.at(-1);
  const product = await createProduct(ctx, owner.user.id, {
    name,
    status: (last?.[0] ?? 'planning') as 'planning',
    createdAt: daysAgo(age),
    stageEnteredAt: daysAgo(last?.[1] ?? age),
  });
  await log(product.id, 'prd_created', { status: 'planning' }, daysAgo(age), owner);
  let from = 'planning';
  for (const [to, ago] of moves) {
    await log(product.id, 'status_changed', { previousStatus: from, newStatus: to }, daysAgo(ago), owner);
    from = to;
  }
  return product;
}

describe('GET /api/projects/:id/stage-history', () => {
  it('answers 401 without a session and 404 for a product out of sight', async () => {
    const owner = await member();
    const other = await member('Sid Stranger');
    const { product } = await productOf(owner);
    expect((await as(undefined, get(`/api/projects/${product.id}/stage-history`))).statusCode).toBe(401);
    expect((await as(other, get(`/api/projects/${product.id}/stage-history`))).statusCode).toBe(404);
    expect((await as(other, get(`/api/projects/${UNKNOWN_ID}/stage-history`))).statusCode).toBe(404);
  });

  it('follows board and edit-form moves, and the product carries stage_entered_at from the trigger', async () => {
    const owner = await member('Olga Owner');
    const created = await as(owner, {
      method: 'POST',
      url: '/api/projects',
      payload: {
        name: 'Lifecycle',
        description: 'x',
        status: 'planning',
        team_size: 2,
        start_date: '2026-01-01',
        target_end_date: '2026-12-31',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string; stage_entered_at: string }>().id;
    const board = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${id}/status`,
      payload: { status: 'development' },
    });
    expect(board.statusCode).toBe(200);
    const edit = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${id}`,
      payload: { status: 'testing' },
    });
    expect(edit.statusCode).toBe(200);
    const entered = edit.json<{ stage_entered_at: string }>().stage_entered_at;
    expect(Date.parse(entered)).toBeGreaterThan(Date.now() - 60_000);

    const res = await as(owner, get(`/api/projects/${id}/stage-history`));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ stage: string; stage_entered_at: string; stays: Stay[] }>();
    expect(body.stage).toBe('testing');
    expect(body.stays.map((s) => s.stage)).toEqual(['planning', 'development', 'testing']);
    expect(body.stays.at(-1)).toMatchObject({
      left_at: null,
      entered_at: entered,
      entered_by: { name: 'Olga Owner' },
    });
    expect(body.stays[0]?.left_at).not.toBeNull();
  });

  it('reads a product moved before this issue (old entries only) and one with no move entries', async () => {
    const owner = await member();
    const old = await createProduct(ctx, owner.user.id, {
      status: 'production',
      createdAt: daysAgo(40),
      stageEnteredAt: daysAgo(5),
    });
    await log(
      old.id,
      'product_updated',
      { changes: { status: { from: 'planning', to: 'testing' } } },
      daysAgo(30),
      owner,
    );
    await log(
      old.id,
      'status_changed',
      { previousStatus: 'testing', newStatus: 'production' },
      daysAgo(5),
      owner,
    );
    const stays = (await as(owner, get(`/api/projects/${old.id}/stage-history`))).json<{ stays: Stay[] }>()
      .stays;
    expect(stays.map((s) => [s.stage, Math.round(s.days)])).toEqual([
      ['planning', 10],
      ['testing', 25],
      ['production', 5],
    ]);

    const bare = await createProduct(ctx, owner.user.id, {
      status: 'development',
      createdAt: daysAgo(3),
      stageEnteredAt: daysAgo(3),
    });
    const only = (await as(owner, get(`/api/projects/${bare.id}/stage-history`))).json<{ stays: Stay[] }>()
      .stays;
    expect(only).toMatchObject([{ stage: 'development', left_at: null }]);
    expect(Math.round(only[0]?.days ?? 0)).toBe(3);
  });

  it('marks a move let through by a gate override, with its reason', async () => {
    const owner = await member();
    const product = await productWithMoves(owner, 'Gated', 20, [['development', 10]]);
    const at = daysAgo(10);
    await log(
      product.id,
      'stage_gate_overridden',
      { fromStage: 'planning', toStage: 'development', reason: 'Demo day', unmet: [] },
      at,
      owner,
    );
    const stays = (await as(owner, get(`/api/projects/${product.id}/stage-history`))).json<{
      stays: Stay[];
    }>().stays;
    expect(stays.at(-1)).toMatchObject({
      stage: 'development',
      overridden: true,
      override_reason: 'Demo day',
    });
  });
});

describe('stage_entered_at', () => {
  it('is set by the trigger on any change of status, and kept on other changes', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { stageEnteredAt: daysAgo(9) });
    await ctx.db.update(products).set({ name: 'Renamed' }).where(eq(products.id, product.id));
    let [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stageEnteredAt.getTime()).toBe(product.stageEnteredAt.getTime());
    await ctx.db.update(products).set({ status: 'testing' }).where(eq(products.id, product.id));
    [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(Date.now() - (row?.stageEnteredAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('is backfilled by the migration from the newest stage move, else the creation', async () => {
    const owner = await member();
    const moved = await productWithMoves(owner, 'Moved', 30, [
      ['development', 20],
      ['testing', 7],
    ]);
    const edited = await createProduct(ctx, owner.user.id, { createdAt: daysAgo(12) });
    await log(
      edited.id,
      'product_updated',
      { previousStatus: 'planning', newStatus: 'testing' },
      daysAgo(4),
      owner,
    );
    const bare = await createProduct(ctx, owner.user.id, { createdAt: daysAgo(6) });
    const ids = [moved.id, edited.id, bare.id];
    await ctx.db.execute(sql`update products set stage_entered_at = now() where id in ${ids}`);
    const { readFile } = await import('node:fs/promises');
    const migration = await readFile(
      new URL('../../db/migrations/0050_stage-history.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE products p SET stage_entered_at'));
    await ctx.db.execute(sql.raw(backfill ?? 'select 1/0'));
    const rows = await ctx.db.select().from(products).where(sql`${products.id} in ${ids}`);
    const ago = (id: string) =>
      Math.round((Date.now() - (rows.find((r) => r.id === id)?.stageEnteredAt.getTime() ?? 0)) / DAY);
    expect([ago(moved.id), ago(edited.id), ago(bare.id)]).toEqual([7, 4, 6]);
  });
});

describe('GET /api/lifecycle', () => {
  it('answers 401 without a session and 400 for a bad window', async () => {
    expect((await as(undefined, get('/api/lifecycle'))).statusCode).toBe(401);
    const someone = await member();
    for (const days of ['0', '731', 'abc', '1.5']) {
      const res = await as(someone, get(`/api/lifecycle?days=${days}`));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('The window must be a whole number of days from 1 to 730');
    }
    expect((await as(someone, get('/api/lifecycle/gates?decision=maybe'))).statusCode).toBe(400);
    expect((await as(someone, get('/api/lifecycle.csv?table=secrets'))).statusCode).toBe(400);
  });

  it('answers median and spread of days per stage, stuck products and the flow, over the products the member sees', async () => {
    const owner = await member('Rita Reporter');
    const mate = await member('Tess Teammate');
    const a = await productWithMoves(owner, 'Alpha', 60, [
      ['development', 50],
      ['testing', 40],
    ]);
    const b = await productWithMoves(owner, 'Beta', 60, [
      ['development', 56],
      ['testing', 20],
    ]);
    const c = await productWithMoves(owner, 'Gamma', 60, [['development', 30]]);
    // The teammate sees Delta through a team, and not the owner's others.
    const { product: d } = await productOf(owner, [mate], {
      name: 'Delta',
      createdAt: daysAgo(5),
      stageEnteredAt: daysAgo(5),
    });
    await createProduct(ctx, (await member('Sid')).user.id, { name: 'Hidden' });

    const res = await as(owner, get('/api/lifecycle?days=90'));
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      products: number;
      durations: {
        stage: string;
        completed: Record<string, number | null>;
        current: Record<string, number | null>;
      }[];
      stuck: Stay[];
      flow: { date: string; counts: Record<string, number> }[];
    }>();
    expect(body.products).toBe(4);
    const planning = body.durations.find((x) => x.stage === 'planning');
    // Planning: 10 (Alpha), 4 (Beta), 30 (Gamma).
    expect(planning?.completed).toEqual({ count: 3, median: 10, p25: 7, p75: 20, min: 4, max: 30 });
    // Development: 10 (Alpha), 36 (Beta) done; Gamma there for 30 days now.
    expect(body.durations.find((x) => x.stage === 'development')).toMatchObject({
      completed: { count: 2, median: 23, min: 10, max: 36 },
      current: { count: 1, median: 30 },
    });
    expect(body.stuck.map((s) => s.product_id)).toEqual([a.id, c.id, b.id, d.id]);
    expect(body.flow).toHaveLength(90);
    expect(body.flow.at(-1)?.counts).toEqual({
      planning: 1,
      development: 1,
      testing: 2,
      production: 0,
      maintenance: 0,
    });
    const fortyFive = body.flow.at(-46)?.counts;
    expect(fortyFive).toMatchObject({ planning: 1, development: 2, testing: 0 });

    const mates = (await as(mate, get('/api/lifecycle'))).json<{ products: number; stuck: Stay[] }>();
    expect(mates.products).toBe(1);
    expect(mates.stuck.map((s) => s.product_id)).toEqual([d.id]);

    // Drill-downs: a median's stays, a day's products.
    const stays = (await as(owner, get('/api/lifecycle/stays?stage=development'))).json<{ data: Stay[] }>()
      .data;
    expect(stays.map((s) => [s.product_id, Math.round(s.days)])).toEqual([
      [b.id, 36],
      [a.id, 10],
    ]);
    const date = body.flow.at(-46)?.date;
    const day = (await as(owner, get(`/api/lifecycle/day?date=${date}`))).json<{
      data: { product_id: string; stage: string }[];
    }>();
    expect(day.data.map((p) => [p.product_id, p.stage])).toEqual([
      [c.id, 'planning'],
      [a.id, 'development'],
      [b.id, 'development'],
    ]);
    const csv = await as(owner, get('/api/lifecycle.csv?table=durations'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(
      'stage,stays,median_days,p25_days,p75_days,min_days,max_days,now_in_stage,now_median_days',
    );
    expect(csv.body).toContain('planning,3,10,7,20,4,30,1,5');
    const staysCsv = await as(owner, get('/api/lifecycle.csv?table=stays&stage=development'));
    expect(staysCsv.body.trim().split('\r\n')).toHaveLength(3);
    expect(staysCsv.body).toContain('Beta,development');
  });

  it('counts gate decisions per stage left: failure and override rates, and their entries', async () => {
    const owner = await member();
    const product = await productWithMoves(owner, 'Gates', 30, [
      ['development', 20],
      ['testing', 10],
    ]);
    const unmet = [{ id: 'c1', kind: 'manual', label: 'Security review', stage: 'development' }];
    await log(
      product.id,
      'stage_gate_refused',
      { fromStage: 'development', toStage: 'testing', unmet },
      daysAgo(12),
      owner,
    );
    await log(
      product.id,
      'stage_gate_refused',
      { fromStage: 'development', toStage: 'testing', unmet },
      daysAgo(11),
      owner,
    );
    await log(
      product.id,
      'stage_gate_overridden',
      { fromStage: 'development', toStage: 'testing', reason: 'Ship it', unmet },
      daysAgo(10),
      owner,
    );
    await log(
      product.id,
      'stage_gate_passed',
      { fromStage: 'planning', toStage: 'development' },
      daysAgo(20),
      owner,
    );
    await log(
      product.id,
      'stage_gate_refused',
      { fromStage: 'testing', toStage: 'production', unmet },
      daysAgo(200),
      owner,
    );

    const body = (await as(owner, get('/api/lifecycle'))).json<{ gates: Record<string, unknown>[] }>();
    expect(body.gates.find((g) => g.stage === 'development')).toEqual({
      stage: 'development',
      refused: 2,
      overridden: 1,
      passed: 0,
      failure_rate: 1,
      override_rate: 0.333,
    });
    expect(body.gates.find((g) => g.stage === 'planning')).toMatchObject({
      passed: 1,
      failure_rate: 0,
      override_rate: null,
    });
    // Outside the 90-day window.
    expect(body.gates.find((g) => g.stage === 'testing')).toMatchObject({ refused: 0 });

    const entries = (
      await as(owner, get('/api/lifecycle/gates?stage=development&decision=overridden'))
    ).json<{ data: Record<string, unknown>[] }>().data;
    expect(entries).toEqual([
      expect.objectContaining({
        decision: 'overridden',
        reason: 'Ship it',
        unmet: ['Security review'],
        to_stage: 'testing',
      }),
    ]);
    const csv = await as(owner, get('/api/lifecycle.csv?table=gate-entries&stage=development'));
    expect(csv.body).toContain('Gates,refused,development,testing,,Security review');
    const history = (await as(owner, get(`/api/projects/${product.id}/stage-history`))).json<{
      stays: Stay[];
    }>();
    expect(history.stays.at(-1)).toMatchObject({
      stage: 'testing',
      overridden: true,
      override_reason: 'Ship it',
    });
  });
});

describe('GET /api/projects/:id/task-flow', () => {
  it('counts the product’s tasks per status per day, from their status moves', async () => {
    const owner = await member();
    const other = await member();
    const { product } = await productOf(owner, [], { createdAt: daysAgo(20) });
    const t1 = await createTask(ctx, product.id, {
      title: 'One',
      status: 'Completed',
      createdAt: daysAgo(10),
    });
    await createTask(ctx, product.id, { title: 'Two', status: 'Pending', createdAt: daysAgo(3) });
    const move = async (from: string, to: string, ago: number) =>
      ctx.db.insert(activities).values({
        actionType: to === 'Completed' ? 'task_completed' : 'task_status_updated',
        description: 'moved',
        metadata: { previousStatus: from, newStatus: to },
        productId: product.id,
        taskId: t1.id,
        createdAt: daysAgo(ago),
      });
    await move('Pending', 'In Progress', 8);
    await move('In Progress', 'Completed', 2);

    const res = await as(owner, get(`/api/projects/${product.id}/task-flow?days=14`));
    expect(res.statusCode).toBe(200);
    const flow = res.json<{ flow: { counts: Record<string, number> }[] }>().flow;
    expect(flow).toHaveLength(14);
    expect(flow.at(-12)?.counts).toEqual({ Pending: 0, 'In Progress': 0, Completed: 0 });
    expect(flow.at(-10)?.counts).toEqual({ Pending: 1, 'In Progress': 0, Completed: 0 });
    expect(flow.at(-5)?.counts).toEqual({ Pending: 0, 'In Progress': 1, Completed: 0 });
    expect(flow.at(-1)?.counts).toEqual({ Pending: 1, 'In Progress': 0, Completed: 1 });

    expect((await as(other, get(`/api/projects/${product.id}/task-flow`))).statusCode).toBe(404);
    expect((await as(undefined, get(`/api/projects/${product.id}/task-flow`))).statusCode).toBe(401);
    expect((await as(owner, get(`/api/projects/${product.id}/task-flow?days=9999`))).statusCode).toBe(400);
  });
});

describe('the lifecycle queries use their indexes', () => {
  it('reads stage entries and task moves by the partial indexes', async () => {
    const { STAGE_ENTRY, TASK_MOVE } = await import('./lifecycle.repository.ts');
    const plan = (where: ReturnType<typeof sql>) =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const r = await tx.execute(
          sql`explain (costs off) select id from ${activities} where ${where} and ${activities.productId} = ${UNKNOWN_ID} order by ${activities.createdAt}`,
        );
        return r.rows.map((row) => String(Object.values(row)[0])).join('\n');
      });
    expect(await plan(STAGE_ENTRY)).toContain('activities_stage_entries_idx');
    expect(await plan(TASK_MOVE)).toContain('activities_task_moves_idx');
    void admin;
  });
});
