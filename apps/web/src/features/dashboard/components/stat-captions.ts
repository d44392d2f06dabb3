import type { DashboardSummary } from '@shipyard/shared';

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
  return `${count.format(activeProjectsNew)} from last month`;
}

/** 'Across 8 teams'. */
export function teamMembersCaption(teams: number): string {
  return `Across ${plain.format(teams)} ${teams === 1 ? 'team' : 'teams'}`;
}

/** '+23% from last week'; with nothing completed last week there is no ratio: '+4 this week'. */
export function completedTasksCaption(thisWeek: number, lastWeek: number): string {
  if (lastWeek === 0) return `${count.format(thisWeek)} this week`;
  return `${percent.format((thisWeek - lastWeek) / lastWeek)} from last week`;
}

/** 'Needs attention' while anything waits for review, else 'All clear'. */
export function pendingReviewsCaption(pendingReviews: number): string {
  return pendingReviews > 0 ? 'Needs attention' : 'All clear';
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
