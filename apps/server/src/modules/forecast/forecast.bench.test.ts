import type { ForecastBatch } from '@shipyard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { forecastOf, type ProductHistory } from './forecast.model.ts';
import { createForecastRepository } from './forecast.repository.ts';

// The roadmap's batch at its largest (docs/decisions/061-forecast.md, "Speed"): 300 products with
// 2,000 tasks of history each (a year of them, nine in ten completed within a month), asked at
// once. `FORECAST_BENCH=1 npx vitest run src/modules/forecast/forecast.bench.test.ts`: it prints
// its figures; a few minutes, most of them writing the 600,000 tasks.
const RUN = process.env.FORECAST_BENCH === '1';
const PRODUCTS = Number(process.env.FORECAST_BENCH_PRODUCTS ?? 300);
const TASKS = 2_000;

const { ctx, as, signedIn } = useTestApp();

const ms = (start: number) => Math.round(performance.now() - start);

describe.skipIf(!RUN)('forecast speed', () => {
  it(`answers ${PRODUCTS} products × ${TASKS} tasks`, { timeout: 1_800_000 }, async () => {
    const admin = await signedIn('admin', 'Ada Admin');
    const ids: string[] = [];
    for (let p = 0; p < PRODUCTS; p++)
      ids.push((await createProduct(ctx, admin.user.id, { name: `Bench ${p}` })).id);
    let start = performance.now();
    // Without the per-row triggers (numbering, ranks, versions: a minute per 40,000 rows), in one
    // transaction; numbers and keys are written here instead.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const [p, id] of ids.entries())
        await tx.execute(sql`
          insert into tasks (product_id, title, status, created_at, completed_at, number, key, rank)
          select ${id}::uuid, 'Bench task ' || g,
            case when c.done < now() then 'Completed' else 'Pending' end,
            c.created, case when c.done < now() then c.done end,
            g, ${`B${p}`} || '-' || g, lpad(g::text, 6, '0')
          from generate_series(1, ${TASKS}) g,
            lateral (select now() - (random() + g * 0) * interval '365 days' as created) r,
            lateral (select r.created as created,
              case when random() + g * 0 < 0.9 then r.created + (random() + g * 0) * interval '30 days' end as done) c`);
    });
    // The table itself: `tasks` is the live view (an ANALYZE of a view does nothing).
    await ctx.db.execute(sql`analyze public.tasks`);
    console.log(`seeded ${PRODUCTS * TASKS} tasks in ${ms(start)} ms`);

    const repo = createForecastRepository(ctx.db);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    start = performance.now();
    const histories = await repo.histories(ids, today);
    const queries = ms(start);
    start = performance.now();
    const states: Record<string, number> = {};
    let trials = 0;
    for (const h of histories.values()) {
      const f = forecastOf(h);
      trials += f.trials;
      const state = f.reason ?? f.state;
      states[state] = (states[state] ?? 0) + 1;
    }
    const compute = ms(start);
    const first = forecastOf([...histories.values()][0] as ProductHistory);
    console.log(
      `histories of ${PRODUCTS} products: ${queries} ms; forecasts and backtests: ${compute} ms (${trials} live trials, ${JSON.stringify(states)}; the first: ${first.open} open, ${first.history.per_week} a week, ${first.backtest.samples_count} samples)`,
    );

    if (process.env.FORECAST_BENCH_EXPLAIN === '1') {
      const plans: string[] = [];
      const explaining = {
        execute: async (query: SQL) => {
          const res = await ctx.db.execute<Record<string, string>>(sql`explain (analyze, buffers) ${query}`);
          plans.push(res.rows.map((r) => Object.values(r)[0]).join('\n'));
          return { rows: [] };
        },
      } as unknown as Db;
      await createForecastRepository(explaining).histories(ids, today);
      console.log(plans.join('\n\n'));
    }

    const url = `/api/forecasts?productIds=${ids.join(',')}`;
    const timed = async (label: string) => {
      const t0 = performance.now();
      const res = await as(admin, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json<ForecastBatch>().forecasts).toHaveLength(PRODUCTS);
      console.log(`GET /api/forecasts (${PRODUCTS} ids), ${label}: ${ms(t0)} ms, ${res.body.length} bytes`);
    };
    await timed('cold');
    await timed('cached');
    await ctx.db.execute(sql`update tasks set title = title where id = (select id from tasks limit 1)`);
    await timed('after a write');
    const one = performance.now();
    await as(admin, { method: 'GET', url: `/api/projects/${ids[0]}/forecast` });
    console.log(`GET /api/projects/:id/forecast, cached: ${ms(one)} ms`);
  });
});
