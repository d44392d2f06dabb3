import type { NewNotification, NotificationsRepository } from './notifications.repository.ts';

/**
 * The notifications' narrow entry point for other modules: notify someone inside the caller's
 * transaction, refresh a recent one instead of repeating it, mark a team's invitations read.
 * Other modules depend on this, never on the repository (scripts/check-boundaries.mjs).
 */
export type Notifier = Pick<
  NotificationsRepository,
  'insert' | 'insertMany' | 'refreshRecent' | 'markInvitesRead'
>;
export type { NewNotification };
