import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, teamMembers, teams, users } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const OVERVIEW_LIMIT = 50;
const OVERVIEW_SAMPLE = 5;

type SummaryRow = {
  active_projects: number;
  active_projects_new: number;
  pending_reviews: number;
  team_members: number;
  teams: number;
  completed_tasks: number;
  completed_this_week: number;
  completed_last_week: number;
};

export type TeamOverviewRow = {
  id: string;
  name: string;
  product_id: string;
  lead: string | null;
  members: number;
  sample: { _id: string; name: string; avatar_url: string | null }[];
};

// Both reads are one statement each over the caller's visible products. The product subquery is
// the only place visibility enters; tasks are reached through tasks_product_status_idx
// (product_id, status = 'Completed'), memberships through teams_product_type_idx and
// team_members_team_user_key.
export function createDashboardRepository(db: Db) {
  return {
    async summary(viewer: Viewer, now: Date) {
      const visible = visibleProducts(viewer) ?? sql`true`;
      const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
      const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
      const { rows } = await db.execute<SummaryRow>(sql`
        with vp as (
          select ${products.id} as id, ${products.status} as status, ${products.createdAt} as created_at
          from ${products} where ${visible}
        ),
        prod as (
          select
            count(*) filter (where status <> 'maintenance')::int as active_projects,
            count(*) filter (where created_at > ${monthAgo} and created_at <= ${now})::int as active_projects_new,
            count(*) filter (where status = 'testing')::int as pending_reviews
          from vp
        ),
        membership as (
          select count(distinct m.user_id)::int as team_members, count(distinct m.team_id)::int as teams
          from ${teams} t join ${teamMembers} m on m.team_id = t.id
          where t.product_id in (select id from vp) and m.status = 'active'
        ),
        -- Per visible product, so a caller with a few products reads only their tasks through
        -- tasks_product_status_idx, whatever the size of the table.
        done as (
          select
            coalesce(sum(c.total), 0)::int as completed_tasks,
            coalesce(sum(c.this_week), 0)::int as completed_this_week,
            coalesce(sum(c.last_week), 0)::int as completed_last_week
          from vp cross join lateral (
            select
              count(*) as total,
              count(*) filter (where k.completed_at > ${weekAgo} and k.completed_at <= ${now}) as this_week,
              count(*) filter (where k.completed_at > ${twoWeeksAgo} and k.completed_at <= ${weekAgo}) as last_week
            from ${tasks} k
            where k.product_id = vp.id and k.status = 'Completed'
          ) c
        )
        select * from prod, membership, done`);
      const row = rows[0];
      if (!row) throw new Error('dashboard summary returned no row');
      return row;
    },

    async teamOverview(viewer: Viewer) {
      const visible = visibleProducts(viewer) ?? sql`true`;
      // The 50 teams first, then the per-team laterals on those 50 only.
      const { rows } = await db.execute<TeamOverviewRow>(sql`
        with picked as (
          select ${teams.id} as id, ${teams.name} as name, ${teams.productId} as product_id,
            ${teams.createdAt} as created_at
          from ${teams} join ${products} on ${products.id} = ${teams.productId}
          where ${visible}
          order by ${teams.createdAt} desc, ${teams.id} desc
          limit ${OVERVIEW_LIMIT}
        )
        select t.id, t.name, t.product_id, lead.name as lead, active.members,
          coalesce(sample.people, '[]'::json) as sample
        from picked t
        left join lateral (
          select u.name from ${teamMembers} m join ${users} u on u.id = m.user_id
          where m.team_id = t.id and m.is_lead limit 1
        ) lead on true
        cross join lateral (
          select count(*)::int as members from ${teamMembers} m where m.team_id = t.id and m.status = 'active'
        ) active
        left join lateral (
          select json_agg(json_build_object('_id', s.id, 'name', s.name, 'avatar_url', s.avatar_url)
                          order by s.ord) as people
          from (
            select u.id, u.name, u.avatar_url,
              row_number() over (order by m.is_lead desc, m.joined_at nulls last, m.created_at, m.id) as ord
            from ${teamMembers} m join ${users} u on u.id = m.user_id
            where m.team_id = t.id and m.status = 'active'
            order by ord
            limit ${OVERVIEW_SAMPLE}
          ) s
        ) sample on true
        order by t.created_at desc, t.id desc`);
      return rows;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
