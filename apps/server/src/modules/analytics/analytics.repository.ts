import type { AnalyticsGranularity, TaskPriority } from '@shipyard/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, products, tasks, teams, users } from '../../db/schema/index.ts';

export type AnalyticsWindow = {
  now: Date;
  /** IANA zone, already validated: days, buckets and due dates are read in it. */
  timeZone: string;
  days: number;
  granularity: AnalyticsGranularity;
  /** Empty: every product. */
  productIds: string[];
  top: number;
};

/** One row per (cur, bucket) and one per cur (`total`), over the tasks completed in both periods. */
export type CompletedStat = {
  cur: boolean;
  total: boolean;
  bucket: string | null;
  completed: number;
  cycle_days: number | null;
  due: number;
  on_time: number;
  created_before: number;
};

export type BreakdownRow = {
  by_product: { id: string; name: string; completed: number; due: number; on_time: number }[];
  by_person: { id: string; name: string; avatar_url: string | null; completed: number }[];
  unassigned: number;
  by_team: { id: string; name: string; product_name: string; completed: number }[];
};

export type RestRow = {
  /** ISO instants, in UTC with milliseconds (as Date#toISOString writes them). */
  from: string;
  to: string;
  previous_from: string;
  /** The first day of each bucket, 'YYYY-MM-DD', oldest first. */
  buckets: string[];
  /** Tasks created in each bucket (the same order), and in the previous period. */
  created: number[];
  created_prev: number;
  by_priority: { priority: TaskPriority; open: number; overdue: number; open_before: number }[];
  overdue_by_product: { id: string; name: string; open: number; overdue: number }[];
  reopened: number;
  reopened_prev: number;
};

// Three statements, run side by side on three connections (the figures need no common snapshot
// finer than "now"): the tasks completed in both periods by bucket, those of this period by
// product, person and team, and everything else. Each starts from the same window `w`: the period
// is the last N days in the caller's zone, today included, from local midnight to now; the
// previous one has the same length and ends where it starts. Each reads the tasks once and
// aggregates them as it goes: no intermediate result is materialised.
//
// Read paths: completed tasks through tasks_completed_idx (a completed_at range), created tasks by
// counting index-only ranges of tasks_created_idx (tasks_product_created_idx with a product
// filter), one per bucket; open tasks by a scan of tasks (in a working set most are open);
// reopenings through the activities of type task_status_updated (docs/decisions/004 names the
// partial index that makes it a range scan of the reopenings alone).
export function createAnalyticsRepository(db: Db) {
  const windowCte = (w: AnalyticsWindow) => sql`
    w as materialized (
      select f.cfrom, f.cfrom - (${w.now}::timestamptz - f.cfrom) as pfrom, ${w.now}::timestamptz as cto,
        (${w.now}::timestamptz at time zone ${w.timeZone})::date as today
      from (
        select (date_trunc('day', ${w.now}::timestamptz at time zone ${w.timeZone})
                - ${w.days - 1}::int * interval '1 day') at time zone ${w.timeZone} as cfrom
      ) f
    )`;

  const iso = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

  const inProducts = (column: SQL, w: AnalyticsWindow) =>
    w.productIds.length ? sql`and ${column} = any(${sql.param(w.productIds)}::uuid[])` : sql``;

  /** Completed in [from, to] (the window's names), with the product filter. */
  const completedIn = (from: SQL, w: AnalyticsWindow) =>
    sql`t.completed_at >= ${from} and t.completed_at <= w.cto and t.status = 'Completed' ${inProducts(sql`t.product_id`, w)}`;

  /** The first day of the bucket a local day falls in (the day itself: no work per row). */
  const bucketOf = (day: SQL, w: AnalyticsWindow) =>
    w.granularity === 'day' ? day : sql`date_trunc(${w.granularity}, ${day})::date`;

  const one = <T>(rows: T[]): T => {
    const row = rows[0];
    if (!row) throw new Error('analytics returned no row');
    return row;
  };

  return {
    async completed(w: AnalyticsWindow): Promise<CompletedStat[]> {
      const { rows } = await db.execute<CompletedStat>(sql`
        with ${windowCte(w)}
        select cur, grouping(bucket) = 1 as total, bucket, count(*)::int as completed,
          percentile_cont(0.5) within group (order by cycle) / 86400 as cycle_days,
          count(due_date)::int as due,
          count(*) filter (where day <= due_date)::int as on_time,
          count(*) filter (where created_before)::int as created_before
        from (
          select d.*, case when d.cur then ${bucketOf(sql`d.day`, w)} end as bucket
          from (
            -- Seconds as float8: sorting them for the medians costs far less than sorting intervals.
            select t.completed_at >= w.cfrom as cur, date_part('epoch', t.completed_at - t.created_at) as cycle,
              t.due_date,
              (t.completed_at at time zone ${w.timeZone})::date as day, t.created_at < w.cfrom as created_before
            from w, ${tasks} t
            where ${completedIn(sql`w.pfrom`, w)}
          ) d
        ) s
        group by cur, rollup(bucket)`);
      return rows;
    },

    async breakdown(w: AnalyticsWindow): Promise<BreakdownRow> {
      const { rows } = await db.execute<BreakdownRow>(sql`
        with ${windowCte(w)},
        -- grouping(): 3 = per product, 5 = per assignee (null: unassigned), 6 = per team.
        per as (
          select t.product_id, t.assignee_id, t.team_id, grouping(t.product_id, t.assignee_id, t.team_id) as g,
            count(*)::int as completed, count(t.due_date)::int as due,
            count(*) filter (where (t.completed_at at time zone ${w.timeZone})::date <= t.due_date)::int as on_time
          from w, ${tasks} t
          where ${completedIn(sql`w.cfrom`, w)}
          group by grouping sets ((t.product_id), (t.assignee_id), (t.team_id))
        )
        select
          (select coalesce(json_agg(x), '[]') from (
            select p.id, p.name, per.completed, per.due, per.on_time
            from per join ${products} p on p.id = per.product_id
            where per.g = 3 order by per.completed desc, p.name, p.id limit ${w.top}) x) as by_product,
          (select coalesce(json_agg(x), '[]') from (
            select u.id, u.name, u.avatar_url, per.completed
            from per join ${users} u on u.id = per.assignee_id
            where per.g = 5 order by per.completed desc, u.name, u.id limit ${w.top}) x) as by_person,
          (select coalesce(sum(completed), 0)::int from per where g = 5 and assignee_id is null) as unassigned,
          (select coalesce(json_agg(x), '[]') from (
            select tm.id, tm.name, p.name as product_name, per.completed
            from per join ${teams} tm on tm.id = per.team_id join ${products} p on p.id = tm.product_id
            where per.g = 6 order by per.completed desc, tm.name, tm.id limit ${w.top}) x) as by_team`);
      return one(rows);
    },

    async rest(w: AnalyticsWindow): Promise<RestRow> {
      const step = `1 ${w.granularity}`;
      const createdBetween = (from: SQL, to: SQL) => sql`(
        select count(*)::int from ${tasks} t
        where t.created_at >= ${from} and t.created_at < ${to} ${inProducts(sql`t.product_id`, w)})`;
      const { rows } = await db.execute<RestRow>(sql`
        with ${windowCte(w)},
        -- Bucket i runs from its first local midnight to the next bucket's, within the period
        -- (least() skips the last bucket's missing next one).
        buckets as (
          select i, to_char(g, 'YYYY-MM-DD') as day,
            greatest(g at time zone ${w.timeZone}, w.cfrom) as starts,
            least(lead(g) over (order by g) at time zone ${w.timeZone}, w.cto + interval '1 microsecond') as ends
          from w, generate_series(date_trunc(${w.granularity}, w.cfrom at time zone ${w.timeZone}),
                                  w.cto at time zone ${w.timeZone}, ${step}::interval) with ordinality as s(g, i)
        ),
        made as (
          select coalesce(array_agg(b.day order by b.i), '{}') as days,
            coalesce(array_agg(${createdBetween(sql`b.starts`, sql`b.ends`)} order by b.i), '{}') as counts
          from w, buckets b
        ),
        -- grouping(): 1 = per priority, 2 = per product.
        open_tasks as (
          select t.priority, t.product_id, grouping(t.priority, t.product_id) as g, count(*)::int as open,
            count(*) filter (where t.due_date < w.today)::int as overdue,
            count(*) filter (where t.created_at < w.cfrom)::int as open_before
          from w, ${tasks} t
          where t.status <> 'Completed' ${inProducts(sql`t.product_id`, w)}
          group by grouping sets ((t.priority), (t.product_id))
        ),
        reopened as (
          select count(distinct coalesce(a.task_id, a.id)) filter (where a.created_at >= w.cfrom)::int as reopened,
            count(distinct coalesce(a.task_id, a.id)) filter (where a.created_at < w.cfrom)::int as reopened_prev
          from w, ${activities} a
          where a.action_type = 'task_status_updated' and a.metadata->>'previousStatus' = 'Completed'
            and a.source = 'server'
            and a.created_at >= w.pfrom and a.created_at <= w.cto ${inProducts(sql`a.product_id`, w)}
        )
        select ${iso(sql`w.cfrom`)} as "from", ${iso(sql`w.cto`)} as "to", ${iso(sql`w.pfrom`)} as previous_from,
          m.days as buckets, m.counts as created, ${createdBetween(sql`w.pfrom`, sql`w.cfrom`)} as created_prev,
          (select coalesce(json_agg(x), '[]') from (
            select priority, open, overdue, open_before from open_tasks where g = 1) x) as by_priority,
          (select coalesce(json_agg(x), '[]') from (
            select p.id, p.name, o.open, o.overdue
            from open_tasks o join ${products} p on p.id = o.product_id
            where o.g = 2 and o.overdue > 0 order by o.overdue desc, p.name, p.id limit ${w.top}) x) as overdue_by_product,
          r.reopened, r.reopened_prev
        from w, made m, reopened r`);
      return one(rows);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
