import type { Notification } from '@shipyard/shared';
import type { NotificationRow } from '../../db/schema/index.ts';

/** A notification with its sender, joined in the query that read it (null: 'System'). */
export type NotificationWithSender = {
  notification: NotificationRow;
  sender: { id: string; name: string; avatarUrl: string | null } | null;
  invitationPending: boolean;
};

/** The API's notification (spec §3): `_id` and `id`, `read` for `read_at IS NOT NULL`. */
export function toNotification({
  notification: n,
  sender,
  invitationPending,
}: NotificationWithSender): Notification {
  return {
    _id: n.id,
    id: n.id,
    type: n.type,
    message: n.message,
    read: n.readAt !== null,
    sender: sender ? { _id: sender.id, name: sender.name, avatar: sender.avatarUrl } : null,
    metadata: n.metadata,
    invitationPending,
    doneAt: n.doneAt?.toISOString() ?? null,
    snoozedUntil: n.snoozedUntil?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}
