import { activityChanges } from '../../features/activity/api/changes.ts';
import { analyticsChanges } from '../../features/analytics/api/changes.ts';
import { authChanges } from '../../features/auth/api/changes.ts';
import { sessionKey } from '../../features/auth/api/keys.ts';
import { calendarChanges } from '../../features/calendar/api/changes.ts';
import { checklistChanges } from '../../features/checklists/api/changes.ts';
import { commentChanges } from '../../features/comments/api/changes.ts';
import { cycleChanges } from '../../features/cycles/api/changes.ts';
import { dashboardChanges } from '../../features/dashboard/api/changes.ts';
import { fieldChanges } from '../../features/fields/api/changes.ts';
import { forecastChanges } from '../../features/forecast/api/changes.ts';
import { gateChanges } from '../../features/gates/api/changes.ts';
import { hierarchyChanges } from '../../features/hierarchy/api/changes.ts';
import { labelChanges } from '../../features/labels/api/changes.ts';
import { lifecycleChanges } from '../../features/lifecycle/api/changes.ts';
import { notificationChanges } from '../../features/notifications/api/changes.ts';
import { productChanges } from '../../features/products/api/changes.ts';
import { recurrenceChanges } from '../../features/recurrence/api/changes.ts';
import { reportChanges } from '../../features/reports/api/changes.ts';
import { roadmapChanges } from '../../features/roadmap/api/changes.ts';
import { scheduleChanges } from '../../features/schedule/api/changes.ts';
import { serviceChanges } from '../../features/services/api/changes.ts';
import { taskFileChanges } from '../../features/task-files/api/changes.ts';
import { taskChanges } from '../../features/tasks/api/changes.ts';
import { teamChanges } from '../../features/teams/api/changes.ts';
import { templateChanges } from '../../features/templates/api/changes.ts';
import { timeChanges } from '../../features/time/api/changes.ts';
import { trashChanges } from '../../features/trash/api/changes.ts';
import { teamMemberChanges } from '../../features/user-management/api/changes.ts';
import { viewChanges } from '../../features/views/api/changes.ts';
import { workflowChanges } from '../../features/workflow/api/changes.ts';
import type { ChangeListener } from '../../lib/realtime-changes.ts';

/**
 * Names and avatars show on every screen: a user's change marks every cache stale, to be read
 * again when next shown, except the session (the auth feature refetches it when it is one's own).
 */
const namesEverywhere: ChangeListener = {
  on: { user: () => [{ match: (query) => query.queryKey[0] !== sessionKey[0], stale: true }] },
};

/** Every feature whose caches a server change touches (features/<f>/api/changes.ts). */
export const changeListeners: readonly ChangeListener[] = [
  activityChanges,
  analyticsChanges,
  authChanges,
  calendarChanges,
  checklistChanges,
  commentChanges,
  cycleChanges,
  dashboardChanges,
  hierarchyChanges,
  fieldChanges,
  gateChanges,
  forecastChanges,
  labelChanges,
  notificationChanges,
  productChanges,
  recurrenceChanges,
  reportChanges,
  roadmapChanges,
  lifecycleChanges,
  scheduleChanges,
  serviceChanges,
  taskFileChanges,
  taskChanges,
  teamChanges,
  templateChanges,
  timeChanges,
  teamMemberChanges,
  viewChanges,
  workflowChanges,
  trashChanges,
  namesEverywhere,
];
