import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { dashboardChanges } from './changes.ts';
import { dashboardSummaryKey, recentActivityKey, teamOverviewKey } from './keys.ts';

const caches = {
  summary: dashboardSummaryKey,
  recentActivity: recentActivityKey,
  teamOverview: teamOverviewKey,
};
const all = ['summary', 'recentActivity', 'teamOverview'] as const;

describe('what a server change means for the dashboard', () => {
  itTouchesOnEveryKind(dashboardChanges, caches, {
    task: all,
    product: all,
    team: all,
    member: all,
    activity: ['recentActivity'],
    user: ['teamOverview'],
  });
});
