import { type NotificationType, type PushPayload, plainTextPreview } from '@shipyard/shared';

// What a push shows (issue 33): a short title for its kind, the notification's own sentence as
// plain text on one line (no markdown, a mention as "@Name"), and the page it opens.

const titles: Record<NotificationType, string> = {
  INVITE: 'Team invitation',
  INVITE_ACCEPTED: 'Invitation accepted',
  TEAM_LEAD: 'You lead a team',
  REMOVED_FROM_TEAM: 'Removed from a team',
  TASK_ASSIGNED: 'Task assigned to you',
  TASK_MENTION: 'You were mentioned',
  TASK_COMMENT: 'New comment',
  TASK_STATUS: 'Task status changed',
  TASK_DUE_SOON: 'Task due soon',
  TASK_OVERDUE: 'Task overdue',
  PRODUCT_STAGE: 'Product stage changed',
  STAGE_GATE_APPROVAL: 'Approval requested',
};

/** Push services take about 4 KB: the body stays far below, whatever the message. */
const BODY_MAX = 240;

const text = (v: unknown) => (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : undefined);

/** The task the notification is about (its comment, for a mention or a comment), else the inbox (/notifications). */
function pathOf(type: NotificationType, metadata: Record<string, unknown>): string {
  const taskId = text(metadata.taskId);
  if (!taskId || !type.startsWith('TASK_')) return '/notifications';
  const commentId = text(metadata.commentId);
  const anchor =
    commentId && (type === 'TASK_MENTION' || type === 'TASK_COMMENT') ? `#comment-${commentId}` : '';
  return `/tasks/${taskId}${anchor}`;
}

export function pushPayload(n: {
  type: NotificationType;
  message: string;
  metadata?: Record<string, unknown> | null;
}): PushPayload {
  const metadata = n.metadata ?? {};
  const taskId = text(metadata.taskId);
  return {
    title: titles[n.type],
    body: plainTextPreview(n.message, BODY_MAX),
    url: pathOf(n.type, metadata),
    tag: taskId ? `${n.type}:${taskId}` : n.type,
  };
}
