import { z } from 'zod/mini';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { singleLine } from './text.ts';

// Notifications (spec §2.21, §3 Notification, §4, §7.5, §8.2). A user only ever sees and
// changes their own.

export const NOTIFICATION_TYPES = [
  /** An invitation to a team; `metadata.teamId` (and productId) say which. Accept from it. */
  'INVITE',
  /** To the inviter: the invitee accepted. */
  'INVITE_ACCEPTED',
  /** To the new lead of a team. */
  'TEAM_LEAD',
  /** To a member removed from a team. */
  'REMOVED_FROM_TEAM',
  /** To the assignee of a task someone else assigned to them. */
  'TASK_ASSIGNED',
  /** To someone @mentioned in a task's comment; `metadata.taskId` and `commentId` say where. */
  'TASK_MENTION',
  /** To a task's watchers (not the author) when someone comments; `metadata.taskId`, `commentId`. */
  'TASK_COMMENT',
  /** To a task's watchers (not who changed it) when its status changes; `metadata.taskId`, `status`. */
  'TASK_STATUS',
  /** To a task's assignee once its due date is less than 24 hours away (their time zone); `metadata.taskId`, `dueDate`. */
  'TASK_DUE_SOON',
  /** To a task's assignee once, when its due date has passed (their time zone); `metadata.taskId`, `dueDate`. */
  'TASK_OVERDUE',
  /** To a product's creator and its teams' active members (not who changed it) when its stage changes; `metadata.productId`, `status`. */
  'PRODUCT_STAGE',
  /**
   * To the approvers of a stage gate's approval (issue 32) who see the product, when someone asks
   * for it; `metadata.productId`, `status`, `criterionId`. Follows the product stage choice.
   */
  'STAGE_GATE_APPROVAL',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationMessages = {
  success: 'Success',
  accepted: 'Invitation accepted successfully.',
  declined: 'Invitation declined.',
  markedRead: 'Notification marked as read.',
  deleted: 'Notification deleted.',
  allRead: 'All notifications marked as read.',
  acceptFailed: 'Failed to accept invitation.',
  declineFailed: 'Failed to decline invitation.',
  markReadFailed: 'Failed to mark notification as read.',
  deleteFailed: 'Failed to delete notification.',
  markAllFailed: 'Failed to mark notifications as read.',
  notFound: 'Notification not found',
} as const;

export const NotificationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  read: z.boolean(),
  sender: z.nullable(z.object({ _id: z.string(), name: z.string(), avatar: z.nullable(z.string()) })),
  metadata: z.record(z.string(), z.unknown()),
  /** An INVITE whose invitation still waits: Accept is offered, read or not. False otherwise. */
  invitationPending: z.boolean(),
  /** Marked done (issue 30): out of the inbox, listed under the 'Done' filter. Null otherwise. */
  doneAt: z.optional(z.nullable(z.string())),
  /** Snoozed until this instant: hidden until then, then unread again. Null otherwise. */
  snoozedUntil: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The inbox's filters (issue 30); `done` lists what was marked done, the others the inbox. */
export const NOTIFICATION_FILTERS = ['all', 'unread', 'mentions', 'assigned', 'done'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** How far ahead a notification may be snoozed. */
export const SNOOZE_MAX_DAYS = 90;

export const inboxMessages = {
  snoozeInPast: 'Choose a time in the future.',
  snoozeTooFar: `Choose a time within ${SNOOZE_MAX_DAYS} days.`,
  snoozeInvalid: 'Choose a valid time.',
} as const;

/** PATCH /api/notifications/:id/snooze: the instant it comes back (future, ≤ 90 days; the server checks against its clock). */
export const SnoozeBodySchema = z.object({
  until: z.iso.datetime({ offset: true, error: inboxMessages.snoozeInvalid }),
});
export type SnoozeBody = z.infer<typeof SnoozeBodySchema>;

/**
 * GET /api/notifications: the inbox (neither done nor snoozed), unread first, then newest;
 * keyset paging by `cursor`. `filter=done` lists the done ones, newest first.
 */
export const NotificationQuerySchema = z.object({
  filter: z.optional(z.enum(NOTIFICATION_FILTERS)),
  unread: z.optional(
    z.pipe(
      z.transform((v: unknown) => v === true || v === 'true' || v === '1'),
      z.boolean(),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(200), singleLine())),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(PAGE_LIMIT_MAX))),
    PAGE_LIMIT_DEFAULT,
  ),
});
export type NotificationQuery = z.infer<typeof NotificationQuerySchema>;

export const NotificationListSchema = z.object({
  data: z.array(NotificationSchema),
  /** The caller's unread notifications in all (the sidebar badge). */
  unread: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number() });
/** PATCH /api/notifications/read-all: how many were unread and are read now. */
export const MarkAllReadSchema = z.object({ updated: z.number() });
export const NotificationIdParamsSchema = z.object({ id: z.uuid(notificationMessages.notFound) });
