// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.
import { queryRoots } from '../../../lib/query-keys.ts';

/** Every query key of the dashboard feature starts with this. */
export const dashboardKeys = { all: queryRoots.dashboard };
export { dashboardSummaryKey } from './get-dashboard-summary.ts';
export { recentActivityKey } from './get-recent-activity.ts';
export { teamOverviewKey } from './get-team-overview.ts';
