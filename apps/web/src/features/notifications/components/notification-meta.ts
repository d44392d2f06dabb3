import { NOTIFICATION_TYPES, type Notification, type NotificationType } from '@shipyard/shared';
import {
  AtSignIcon,
  ClipboardCheckIcon,
  ClockIcon,
  CrownIcon,
  FlagIcon,
  type LucideIcon,
  MailIcon,
  MessageSquareIcon,
  RefreshCwIcon,
  ShieldCheckIcon,
  TriangleAlertIcon,
  UserCheckIcon,
  UserMinusIcon,
} from 'lucide-react';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';

/** The small icon on each item, and what it stands for (its tooltip, shown with `t()`). */
export const notificationTypeIcons: Record<NotificationType, { icon: LucideIcon; label: string }> = {
  INVITE: { icon: MailIcon, label: k('Team invitation') },
  INVITE_ACCEPTED: { icon: UserCheckIcon, label: k('Invitation accepted') },
  TEAM_LEAD: { icon: CrownIcon, label: k('Team lead') },
  REMOVED_FROM_TEAM: { icon: UserMinusIcon, label: k('Removed from team') },
  TASK_ASSIGNED: { icon: ClipboardCheckIcon, label: k('Task assigned') },
  TASK_MENTION: { icon: AtSignIcon, label: k('Mentioned') },
  TASK_COMMENT: { icon: MessageSquareIcon, label: k('New comment') },
  TASK_STATUS: { icon: RefreshCwIcon, label: k('Status changed') },
  TASK_DUE_SOON: { icon: ClockIcon, label: k('Due soon') },
  TASK_OVERDUE: { icon: TriangleAlertIcon, label: k('Overdue') },
  PRODUCT_STAGE: { icon: FlagIcon, label: k('Product stage changed') },
  STAGE_GATE_APPROVAL: { icon: ShieldCheckIcon, label: k('Approval requested') },
};

/** Spec §2.21: the sender's name, or 'System' when nobody sent it (or the sender is gone). */
export const senderName = (notification: Notification): string =>
  notification.sender?.name.trim() || t('System');

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A metadata field that should be a non-empty string; anything else counts as missing. */
export const metadataText = (notification: Notification, key: string): string | undefined =>
  text(notification.metadata[key]);

/** The product a notification is about (`productId`; invitations may name it `projectId`). */
export const productIdOf = (notification: Notification): string | undefined =>
  metadataText(notification, 'productId') ?? metadataText(notification, 'projectId');

export const productPath = (productId: string) => paths.product(productId);
export const productTasksPath = (productId: string) => `${productPath(productId)}?tab=tasks`;

/** The notification types about one task (TASK_…): they open it (a comment or mention at that comment). */
const TASK_TYPES: ReadonlySet<NotificationType> = new Set(
  NOTIFICATION_TYPES.filter((type) => type.startsWith('TASK_')),
);

/** Where a task notification leads: `/tasks/<id>`, with `#comment-<id>` for a comment or mention. */
export function taskPathOf(notification: Notification): string | undefined {
  if (!TASK_TYPES.has(notification.type)) return undefined;
  const taskId = metadataText(notification, 'taskId');
  if (!taskId) return undefined;
  const commentId = metadataText(notification, 'commentId');
  const anchor =
    commentId && (notification.type === 'TASK_MENTION' || notification.type === 'TASK_COMMENT')
      ? `#comment-${encodeURIComponent(commentId)}`
      : '';
  return `${paths.task(encodeURIComponent(taskId))}${anchor}`;
}
