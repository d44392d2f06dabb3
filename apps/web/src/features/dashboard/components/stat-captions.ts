import type { DashboardSummary } from '@shipyard/shared';
import { t } from '../../../lib/i18n/index.ts';

// Spec §2.8's captions, computed from the figures (ARCHITECTURE §5) instead of the fixed
// '+2 from last month', 'Across 8 teams', '+23% from last week', 'Needs attention'.

const count = new Intl.NumberFormat(undefined, { signDisplay: 'always' });
const percent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 0,
});
const plain = new Intl.NumberFormat();

/** '+2 from last month': products created in the last 30 days. */
export function activeProductsCaption(activeProjectsNew: number): string {
  return t('{{change}} from last month', { change: count.format(activeProjectsNew) });
}

/** 'Across 8 teams'. */
export function teamMembersCaption(teams: number): string {
  return t('Across {{teams}} teams', { count: teams, teams: plain.format(teams) });
}

/** '+23% from last week'; with nothing completed last week there is no ratio: '+4 this week'. */
export function completedTasksCaption(thisWeek: number, lastWeek: number): string {
  if (lastWeek === 0) return t('{{change}} this week', { change: count.format(thisWeek) });
  return t('{{change}} from last week', { change: percent.format((thisWeek - lastWeek) / lastWeek) });
}

/** 'Needs attention' while anything waits for review, else 'All clear'. */
export function pendingReviewsCaption(pendingReviews: number): string {
  return pendingReviews > 0 ? t('Needs attention') : t('All clear');
}

/** Spec §2.8: every figure defaults to 0 until (or unless) the summary arrives. */
export const emptySummary: DashboardSummary = {
  activeProjects: 0,
  teamMembers: 0,
  completedTasks: 0,
  pendingReviews: 0,
  activeProjectsNew: 0,
  teams: 0,
  completedThisWeek: 0,
  completedLastWeek: 0,
};
