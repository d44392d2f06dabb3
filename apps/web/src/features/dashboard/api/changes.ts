import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { dashboardKeys, recentActivityKey, teamOverviewKey } from './keys.ts';

/** The summary's counts, the recent activity and the team overview. */
const everything = () => [prefix(dashboardKeys.all)];

export const dashboardChanges: ChangeListener = {
  on: {
    task: everything,
    product: everything,
    team: everything,
    member: everything,
    activity: () => [prefix(recentActivityKey)],
    user: () => [prefix(teamOverviewKey)],
  },
};
