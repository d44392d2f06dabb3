import type { Activity, ActivityType } from '@shipyard/shared';
import { k, t } from './i18n/index.ts';

// How activity entries read on every screen that lists them (spec §3, §4). Here rather than in
// one feature because the product timeline, the dashboard and the activity log all show them,
// and features do not import one another.

const titles: Record<string, string> = {
  status_changed: k('Status Update'),
  progress_updated: k('Progress Update'),
  member_added: k('Team Change'),
  task_completed: k('Task Completed'),
  document_updated: k('Document Updated'),
  milestone_reached: k('Milestone Reached'),
  // Ours: the spec names no title for these, and 'Activity' says nothing about them.
  prd_created: k('Product Created'),
  product_updated: k('Product Updated'),
  task_created: k('Task Created'),
  task_status_updated: k('Task Update'),
  task_updated: k('Task Update'),
  task_deleted: k('Task Deleted'),
  team_created: k('Team Change'),
  team_deleted: k('Team Change'),
  team_member_added: k('Team Change'),
  team_member_removed: k('Team Change'),
  team_lead_changed: k('Team Change'),
  file_uploaded: k('Document Updated'),
  event_scheduled: k('Event Scheduled'),
  // A comment read 'Activity' on the dashboard while the log's badge said 'Comment'.
  comment_added: k('Comment'),
  // Issue 32 (decision 059): every gate decision on a product.
  stage_gate_refused: k('Stage Gate'),
  stage_gate_overridden: k('Stage Gate'),
  stage_gate_passed: k('Stage Gate'),
  stage_gate_approval_requested: k('Stage Gate'),
  stage_gate_approved: k('Stage Gate'),
  stage_gate_rejected: k('Stage Gate'),
  stage_gate_confirmed: k('Stage Gate'),
  stage_gate_unconfirmed: k('Stage Gate'),
  stage_gate_criteria_changed: k('Stage Gate'),
};

/**
 * Spec §3: the title an entry shows for its action type (ours where it names none); else 'Activity'.
 * In the reader's language (issue 33), as the labels and names below.
 */
export function activityTitle(actionType: string): string {
  return t(titles[actionType] ?? 'Activity');
}

/**
 * The badge and filter label of every action type, in plain words (spec §2.20 title-cases the
 * raw type, which read 'Prd Created' and 'Other', and 'Member Added' beside 'Team Member Added'
 * for an invitation and its acceptance). A Record over ActivityType: a new type needs a label.
 */
const actionLabels: Record<ActivityType, string> = {
  prd_created: k('Product Created'),
  product_updated: k('Product Edited'),
  product_deleted: k('Product Deleted'),
  status_changed: k('Stage Changed'),
  progress_updated: k('Progress Updated'),
  member_added: k('Member Invited'),
  team_member_added: k('Invitation Accepted'),
  external_invitation_sent: k('Invitation Emailed'),
  team_member_removed: k('Member Removed'),
  team_created: k('Team Created'),
  team_deleted: k('Team Deleted'),
  team_lead_changed: k('Team Lead Changed'),
  task_created: k('Task Created'),
  task_status_updated: k('Task Status Changed'),
  task_completed: k('Task Completed'),
  task_updated: k('Task Edited'),
  task_deleted: k('Task Deleted'),
  document_updated: k('Document Updated'),
  file_uploaded: k('File Uploaded'),
  milestone_reached: k('Milestone Reached'),
  comment_added: k('Comment'),
  other: k('Note'),
  event_scheduled: k('Event Scheduled'),
  created_from_template: k('From Template'),
};

/** The plain-words label of an action type; a type this build does not know is title-cased. */
export function actionTypeLabel(actionType: string): string {
  const known = (actionLabels as Record<string, string | undefined>)[actionType];
  if (known) return t(known);
  return actionType
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

// Spec §4: product_created green (the server records it as prd_created), product_updated blue,
// task_created purple, task_status_updated amber, else gray. Tinted badges readable in both themes.
const actionColours: Record<string, string> = {
  product_created: 'bg-green-500/15 text-green-800 dark:text-green-300',
  prd_created: 'bg-green-500/15 text-green-800 dark:text-green-300',
  product_updated: 'bg-blue-500/15 text-blue-700 dark:text-blue-300',
  task_created: 'bg-purple-500/15 text-purple-700 dark:text-purple-300',
  task_status_updated: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
};

/** The badge classes for an action type. */
export function actionTypeColour(actionType: string): string {
  return actionColours[actionType] ?? 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300';
}

/** Spec §8.2: who did it; 'System' when nobody did, 'Unknown User' when the name is gone. */
export function performerName(activity: Pick<Activity, 'performer' | 'performedBy'>): string {
  if (activity.performer) return activity.performer.name.trim() || t('Unknown User');
  return activity.performedBy ? t('Unknown User') : t('System');
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The status change an entry records (metadata previousStatus → newStatus), if it records one. */
export function statusChange(
  metadata: Activity['metadata'],
): { previous: string | undefined; next: string } | undefined {
  // A workflow state's change names the states (issue 29), else the statuses.
  const next = text(metadata.newState) ?? text(metadata.newStatus);
  if (!next) return undefined;
  return { previous: text(metadata.previousState) ?? text(metadata.previousStatus), next };
}

/** 'in progress' → 'In progress', 'development' → 'Development'. */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * Activity is a feed that other people's work moves: it is refetched when shown after 30 s
 * rather than after the 5 minutes of other data.
 */
// The statuses the app names (stages and task statuses), translated; a workflow state keeps its own name.
const knownStatuses = new Set<string>([
  k('Planning'),
  k('Development'),
  k('Testing'),
  k('Production'),
  k('Maintenance'),
  k('Pending'),
  k('In Progress'),
  k('In progress'),
  k('Completed'),
]);

/** A recorded status as shown: 'testing' → 'Testing', in the reader's language when it is one of ours. */
export function shownStatus(value: string): string {
  const text = capitalise(value);
  return knownStatuses.has(text) ? t(text) : text;
}

export const ACTIVITY_STALE_MS = 30_000;
