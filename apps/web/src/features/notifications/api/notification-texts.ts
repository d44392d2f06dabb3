import type { notificationMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The spec's notification toasts (shared notificationMessages), marked for translation and
// translated where they are shown; the type holds each to its shared text.

export const notificationTexts = {
  success: k('Success'),
  accepted: k('Invitation accepted successfully.'),
  declined: k('Invitation declined.'),
  deleted: k('Notification deleted.'),
  allRead: k('All notifications marked as read.'),
  acceptFailed: k('Failed to accept invitation.'),
  declineFailed: k('Failed to decline invitation.'),
  markReadFailed: k('Failed to mark notification as read.'),
  deleteFailed: k('Failed to delete notification.'),
  markAllFailed: k('Failed to mark notifications as read.'),
} satisfies Partial<typeof notificationMessages>;
