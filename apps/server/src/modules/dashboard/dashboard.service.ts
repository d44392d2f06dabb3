import type { DashboardSummary, TeamOverviewItem } from '@shipyard/shared';
import type { Clock } from '../../lib/clock.ts';
import type { Viewer } from '../../lib/visibility.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

// The dashboard's figures and captions (spec §2.8, ARCHITECTURE §5: captions are computed), all
// limited to the products the caller may see.
export function createDashboardService({
  dashboard,
  clock,
}: {
  dashboard: DashboardRepository;
  clock: Clock;
}) {
  return {
    async summary(viewer: Viewer): Promise<DashboardSummary> {
      const row = await dashboard.summary(viewer, clock.now());
      return {
        activeProjects: row.active_projects,
        activeProjectsNew: row.active_projects_new,
        teamMembers: row.team_members,
        teams: row.teams,
        completedTasks: row.completed_tasks,
        completedThisWeek: row.completed_this_week,
        completedLastWeek: row.completed_last_week,
        pendingReviews: row.pending_reviews,
      };
    },

    async teamOverview(viewer: Viewer): Promise<TeamOverviewItem[]> {
      const rows = await dashboard.teamOverview(viewer);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        productId: row.product_id,
        lead: row.lead,
        members: row.members,
        sample: row.sample,
      }));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
