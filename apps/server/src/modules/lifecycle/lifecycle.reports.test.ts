import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { daysAgo, get, lifecycleKit, type Stay } from './lifecycle.test-kit.ts';

// The lifecycle reports (issue 32): durations, gate rates, stuck products, flows, drill-downs, CSV.
const { ctx, as, member, productOf } = useTestApp();
const { log, productWithMoves } = lifecycleKit(ctx);

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

describe('the shared figures', () => {
  it('answer a move at once: a report asked again after the move counts it', async () => {
    const owner = await member();
    const product = await productWithMoves(owner, 'Fresh', 10, []);
    type Body = { stuck: Stay[]; durations: { stage: string; completed: { count: number } }[] };
    const before = (await as(owner, get('/api/lifecycle'))).json<Body>();
    expect(before.stuck.map((s) => s.stage)).toEqual(['planning']);
    expect((await as(owner, get(`/api/projects/${product.id}/stage-history`))).statusCode).toBe(200);
    const moved = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'development' },
    });
    expect(moved.statusCode).toBe(200);
    const after = (await as(owner, get('/api/lifecycle'))).json<Body>();
    expect(after.stuck.map((s) => s.stage)).toEqual(['development']);
    expect(after.durations.find((d) => d.stage === 'planning')?.completed.count).toBe(1);
    const history = (await as(owner, get(`/api/projects/${product.id}/stage-history`))).json<{
      stays: Stay[];
    }>();
    expect(history.stays.map((s) => s.stage)).toEqual(['planning', 'development']);
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
  });
});
