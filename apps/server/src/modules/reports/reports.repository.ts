import { REPORT_ROW_LIMIT, type ReportPeriod } from '@shipyard/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, teamMembers, teams, users } from '../../db/schema/index.ts';

// One statement per report: the per-row aggregates, the summary over every row and the first
// REPORT_ROW_LIMIT rows come back together as JSON, so a report is one round trip whatever the
// number of products, and no query runs per product, team or person. Reports see every product
// (super admins only, who see everything). Days are UTC calendar days: a period runs from `from`
// 00:00 UTC up to the day after `to`, 00:00 UTC; "today" is the server clock's UTC date.

export type Window = ReportPeriod & { today: string };

const bounds = ({ from, to }: ReportPeriod) => {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 60 * 60 * 1000);
  return { start, end };
};

type Result<S, R, X = Record<string, never>> = { summary: S; rows: R[]; total_rows: number } & X;

export type ProjectStatusSummary = {
  products: number;
  planning: number;
  development: number;
  testing: number;
  production: number;
  maintenance: number;
  average_progress: number | null;
  tasks: number;
  open_tasks: number;
  overdue_tasks: number;
  completed_in_period: number;
  past_target: number;
  /** Per product status: its products' completed tasks, open tasks not overdue, overdue tasks. */
  by_status: Record<string, { completed: number; open: number; overdue: number }> | null;
};

export type ProjectStatusRow = {
  name: string;
  status: string;
  priority: string;
  progress: number;
  tasks: number;
  open_tasks: number;
  completed_tasks: number;
  completed_in_period: number;
  overdue_tasks: number;
  target_end_date: string;
  past_target: boolean;
};

export type ProductivitySummary = {
  completed: number;
  open: number;
  contributors: number;
  teams_completing: number;
};

export type ProductivityRow = {
  scope: 'team' | 'person';
  /** Null for tasks without a team or without an assignee. */
  name: string | null;
  product: string | null;
  email: string | null;
  completed: number;
  open: number;
};

export type MilestoneSummary = {
  milestones: number;
  met: number;
  missed: number;
  upcoming: number;
  average_days_late: number | null;
  max_days_late: number | null;
};

export type MilestoneRow = {
  name: string;
  status: string;
  target_end_date: string;
  tasks: number;
  completed_tasks: number;
  last_completed: string | null;
  outcome: 'met' | 'missed' | 'upcoming';
  days_late: number | null;
};

export type AllocationSummary = {
  products: number;
  teams: number;
  people: number;
  open_tasks: number;
  unassigned: number;
};

export type AllocationRow = {
  scope: 'product' | 'team';
  name: string;
  product: string | null;
  people: number;
  open_tasks: number;
  unassigned: number;
};

async function one<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T> {
  const { rows } = await db.execute<T>(query);
  const row = rows[0];
  if (!row) throw new Error('report query returned no row');
  return row as T;
}

export function createReportsRepository(db: Db) {
  return {
    /** Every product now, with its task counts; the period only counts the tasks completed in it. */
    projectStatus(w: Window) {
      const { start, end } = bounds(w);
      return one<Result<ProjectStatusSummary, ProjectStatusRow>>(
        db,
        sql`
        with k as (
          select ${tasks.productId} as product_id,
            count(*)::int as tasks,
            count(*) filter (where ${tasks.status} = 'Completed')::int as completed_tasks,
            count(*) filter (where ${tasks.status} <> 'Completed' and ${tasks.dueDate} < ${w.today}::date)::int
              as overdue_tasks,
            count(*) filter (where ${tasks.status} = 'Completed' and ${tasks.completedAt} >= ${start}
              and ${tasks.completedAt} < ${end})::int as completed_in_period
          from ${tasks}
          group by ${tasks.productId}
        ),
        r as (
          select p.name, p.status, p.priority, p.target_end_date, p.id,
            coalesce(k.tasks, 0) as tasks,
            coalesce(k.tasks - k.completed_tasks, 0) as open_tasks,
            coalesce(k.completed_tasks, 0) as completed_tasks,
            coalesce(k.completed_in_period, 0) as completed_in_period,
            coalesce(k.overdue_tasks, 0) as overdue_tasks,
            coalesce(round(100.0 * k.completed_tasks / nullif(k.tasks, 0)), 0)::int as progress,
            (p.target_end_date < ${w.today}::date and p.status not in ('production', 'maintenance'))
              as past_target
          from ${products} p left join k on k.product_id = p.id
        )
        select
          (select json_build_object(
            'products', count(*),
            'planning', count(*) filter (where status = 'planning'),
            'development', count(*) filter (where status = 'development'),
            'testing', count(*) filter (where status = 'testing'),
            'production', count(*) filter (where status = 'production'),
            'maintenance', count(*) filter (where status = 'maintenance'),
            'average_progress', round(avg(progress))::int,
            'tasks', coalesce(sum(tasks), 0),
            'open_tasks', coalesce(sum(open_tasks), 0),
            'overdue_tasks', coalesce(sum(overdue_tasks), 0),
            'completed_in_period', coalesce(sum(completed_in_period), 0),
            'past_target', count(*) filter (where past_target),
            'by_status', (select json_object_agg(status, tally) from (
              select status, json_build_object('completed', sum(completed_tasks),
                'open', sum(open_tasks - overdue_tasks), 'overdue', sum(overdue_tasks)) as tally
              from r group by status) g)
          ) from r) as summary,
          (select coalesce(json_agg(x order by x.target_end_date, x.name, x.id), '[]'::json) from (
            select * from r order by target_end_date, name, id limit ${REPORT_ROW_LIMIT}
          ) x) as rows,
          (select count(*)::int from r) as total_rows`,
      );
    },

    /**
     * Tasks completed in the period (by completed_at) and open now, per team and per assignee,
     * and the completions per ISO week (Monday, UTC) from the week of `from` to the week of `to`.
     */
    teamProductivity(w: Window) {
      const { start, end } = bounds(w);
      // Weeks start on Monday, 00:00 UTC: the Monday of `from`'s week is the origin of the bins.
      const weekday = (start.getUTCDay() + 6) % 7;
      const origin = new Date(start.getTime() - weekday * 24 * 60 * 60 * 1000);
      return one<
        Result<ProductivitySummary, ProductivityRow, { weeks: { week: string; completed: number }[] }>
      >(
        db,
        sql`
        -- One pass over the tasks: three groupings of the same rows (per team, per assignee, per week).
        with g as (
          select grouping(team_id) as not_team, grouping(assignee_id) as not_person, team_id, assignee_id, week,
            count(*) filter (where done)::int as completed, count(*) filter (where not done)::int as open
          from (
            select ${tasks.teamId} as team_id, ${tasks.assigneeId} as assignee_id, ${tasks.status} = 'Completed' as done,
              -- date_bin costs a third of date_trunc(… at time zone …) per row.
              case when ${tasks.status} = 'Completed' then date_bin('7 days', ${tasks.completedAt}, ${origin}) end as week
            from ${tasks}
            where ${tasks.status} <> 'Completed' or (${tasks.completedAt} >= ${start} and ${tasks.completedAt} < ${end})
          ) s
          group by grouping sets ((team_id), (assignee_id), (week))
        ),
        by_team as (select team_id, completed, open from g where not_team = 0),
        by_person as (select assignee_id, completed, open from g where not_team = 1 and not_person = 0),
        per_week as (select week, completed from g where not_team = 1 and not_person = 1 and week is not null),
        r as (
          select 'team' as scope, 0 as scope_order, t.name, p.name as product, null::text as email,
            b.completed, b.open, b.team_id is null as none, b.team_id as id
          from by_team b left join ${teams} t on t.id = b.team_id left join ${products} p on p.id = t.product_id
          union all
          select 'person', 1, u.name, null, u.email, b.completed, b.open, b.assignee_id is null, b.assignee_id
          from by_person b left join ${users} u on u.id = b.assignee_id
        ),
        weeks as (
          select w as week from generate_series(${origin}::timestamptz, ${end}::timestamptz - interval '1 day', interval '7 days') w
        )
        select
          (select json_build_object(
            'completed', coalesce(sum(completed), 0),
            'open', coalesce(sum(open), 0),
            'contributors', count(*) filter (where assignee_id is not null and completed > 0),
            'teams_completing', (select count(*) from by_team where team_id is not null and completed > 0)
          ) from by_person) as summary,
          (select coalesce(json_agg(json_build_object('scope', x.scope, 'name', x.name, 'product', x.product,
              'email', x.email, 'completed', x.completed, 'open', x.open)
            order by x.scope_order, x.none, x.completed desc, x.name, x.product, x.id), '[]'::json)
           from (select * from r order by scope_order, none, completed desc, name, product, id limit ${REPORT_ROW_LIMIT}) x
          ) as rows,
          (select count(*)::int from r) as total_rows,
          (select json_agg(json_build_object('week', (weeks.week at time zone 'UTC')::date,
              'completed', coalesce(per_week.completed, 0))
             order by weeks.week)
           from weeks left join per_week on per_week.week = weeks.week) as weeks`,
      );
    },

    /**
     * Products whose target date falls in the period, and those whose target fell before it and
     * were missed. Met: in production or maintenance, or every task (at least one) completed on
     * or before the target date. Missed: not met and the target date is past, or every task
     * completed but after it. Upcoming: neither yet.
     */
    milestoneAnalysis(w: Window) {
      return one<Result<MilestoneSummary, MilestoneRow>>(
        db,
        sql`
        with c as (
          select id, name, status, target_end_date from ${products} where target_end_date <= ${w.to}::date
        ),
        k as (
          select ${tasks.productId} as product_id, count(*)::int as tasks,
            count(*) filter (where ${tasks.status} = 'Completed')::int as completed_tasks,
            (max(${tasks.completedAt}) filter (where ${tasks.status} = 'Completed') at time zone 'UTC')::date
              as last_completed
          from ${tasks}
          where ${tasks.productId} in (select id from c)
          group by ${tasks.productId}
        ),
        j as (
          select c.*, coalesce(k.tasks, 0) as tasks, coalesce(k.completed_tasks, 0) as completed_tasks,
            k.last_completed, coalesce(k.tasks > 0 and k.completed_tasks = k.tasks, false) as all_done
          from c left join k on k.product_id = c.id
        ),
        o as (
          select j.*,
            case
              when status in ('production', 'maintenance') then 'met'
              when all_done and last_completed <= target_end_date then 'met'
              when all_done or target_end_date < ${w.today}::date then 'missed'
              else 'upcoming'
            end as outcome
          from j
        ),
        r as (
          select name, status, target_end_date, tasks, completed_tasks, last_completed, outcome, id,
            case when outcome = 'missed' then
              case when all_done then last_completed - target_end_date else ${w.today}::date - target_end_date end
            end as days_late
          from o
          where target_end_date >= ${w.from}::date or outcome = 'missed'
        )
        select
          (select json_build_object(
            'milestones', count(*),
            'met', count(*) filter (where outcome = 'met'),
            'missed', count(*) filter (where outcome = 'missed'),
            'upcoming', count(*) filter (where outcome = 'upcoming'),
            'average_days_late', round(avg(days_late), 1)::float8,
            'max_days_late', max(days_late)
          ) from r) as summary,
          (select coalesce(json_agg(x order by x.target_end_date, x.name, x.id), '[]'::json) from (
            select * from r order by target_end_date, name, id limit ${REPORT_ROW_LIMIT}
          ) x) as rows,
          (select count(*)::int from r) as total_rows`,
      );
    },

    /**
     * Now, per product and per team: active members, open tasks (not Completed) and those without
     * an assignee. A product's people are the distinct active members of its teams; its open tasks
     * are all of its open tasks, with or without a team.
     */
    resourceAllocation() {
      return one<Result<AllocationSummary, AllocationRow>>(
        db,
        sql`
        -- One pass over the open tasks, per product and team (one hash table: cheaper than grouping
        -- sets), then summed per product and per team over those few hundred groups.
        with o as (
          select ${tasks.productId} as product_id, ${tasks.teamId} as team_id,
            count(*)::int as open_tasks, count(*) filter (where ${tasks.assigneeId} is null)::int as unassigned
          from ${tasks} where ${tasks.status} <> 'Completed'
          group by ${tasks.productId}, ${tasks.teamId}
        ),
        p_open as (
          select product_id, sum(open_tasks)::int as open_tasks, sum(unassigned)::int as unassigned
          from o group by product_id
        ),
        t_open as (
          select team_id, sum(open_tasks)::int as open_tasks, sum(unassigned)::int as unassigned
          from o where team_id is not null group by team_id
        ),
        active as materialized (
          select t.id as team_id, t.product_id, m.user_id
          from ${teams} t join ${teamMembers} m on m.team_id = t.id
          where m.status = 'active'
        ),
        t_people as (select team_id, count(*)::int as people from active group by team_id),
        p_people as (select product_id, count(distinct user_id)::int as people from active group by product_id),
        r as (
          select 'product' as scope, p.name, null::text as product, coalesce(pp.people, 0) as people,
            coalesce(po.open_tasks, 0) as open_tasks, coalesce(po.unassigned, 0) as unassigned,
            p.name as product_order, p.id as product_id, 0 as scope_order, null::text as team_name, null::uuid as team_id
          from ${products} p
          left join p_open po on po.product_id = p.id
          left join p_people pp on pp.product_id = p.id
          union all
          select 'team', t.name, p.name, coalesce(tp.people, 0), coalesce(tc.open_tasks, 0), coalesce(tc.unassigned, 0),
            p.name, p.id, 1, t.name, t.id
          from ${teams} t join ${products} p on p.id = t.product_id
          left join t_open tc on tc.team_id = t.id
          left join t_people tp on tp.team_id = t.id
        )
        select
          (select json_build_object(
            'products', count(*) filter (where scope = 'product'),
            'teams', count(*) filter (where scope = 'team'),
            'people', (select count(distinct user_id) from active),
            'open_tasks', coalesce(sum(open_tasks) filter (where scope = 'product'), 0),
            'unassigned', coalesce(sum(unassigned) filter (where scope = 'product'), 0)
          ) from r) as summary,
          (select coalesce(json_agg(json_build_object('scope', x.scope, 'name', x.name, 'product', x.product,
              'people', x.people, 'open_tasks', x.open_tasks, 'unassigned', x.unassigned)
            order by x.product_order, x.product_id, x.scope_order, x.team_name, x.team_id), '[]'::json)
           from (select * from r order by product_order, product_id, scope_order, team_name, team_id
                 limit ${REPORT_ROW_LIMIT}) x
          ) as rows,
          (select count(*)::int from r) as total_rows`,
      );
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
