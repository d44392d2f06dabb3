import { z } from 'zod/mini';
import type { NotificationType } from './notifications.ts';
import { isTimeZone } from './time-zones.ts';

// Settings → Notifications (issue 16): per kind of event, whether it shows in the bell and how it
// is e-mailed. The server reads them for every recipient in the transaction that notifies.

/** The kinds a user chooses for, in the order the settings list them. */
export const NOTIFICATION_CATEGORIES = [
  'assigned',
  'mentioned',
  'watchedComment',
  'watchedStatus',
  'invitation',
  'dueSoon',
  'overdue',
  'productStage',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const EMAIL_MODES = ['instant', 'digest', 'never'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/**
 * Which choice a notification type follows. The team notifications (an invitation accepted,
 * made lead, removed) go with invitations; an INVITE itself always shows in the bell, where it
 * is accepted (its in-app switch governs the other three).
 */
export const categoryOfType: Record<NotificationType, NotificationCategory> = {
  INVITE: 'invitation',
  INVITE_ACCEPTED: 'invitation',
  TEAM_LEAD: 'invitation',
  REMOVED_FROM_TEAM: 'invitation',
  TASK_ASSIGNED: 'assigned',
  TASK_MENTION: 'mentioned',
  TASK_COMMENT: 'watchedComment',
  TASK_STATUS: 'watchedStatus',
  TASK_DUE_SOON: 'dueSoon',
  TASK_OVERDUE: 'overdue',
  PRODUCT_STAGE: 'productStage',
  STAGE_GATE_APPROVAL: 'productStage',
};

export const notificationCategoryTexts: Record<NotificationCategory, { label: string; hint: string }> = {
  assigned: { label: 'Assigned to me', hint: 'Someone assigns a task to you.' },
  mentioned: { label: 'Mentioned', hint: 'Someone @mentions you in a comment.' },
  watchedComment: { label: 'Comments on tasks I watch', hint: 'A new comment on a task you watch.' },
  watchedStatus: { label: 'Status changes of tasks I watch', hint: 'A task you watch changes status.' },
  invitation: {
    label: 'Invitations and teams',
    hint: 'Team invitations, accepted invitations, lead changes and removals. Invitations always show in the bell.',
  },
  dueSoon: { label: 'Due soon', hint: 'A task assigned to you is due within 24 hours.' },
  overdue: { label: 'Overdue', hint: 'A task assigned to you is past its due date.' },
  productStage: { label: 'Product stage changes', hint: 'A product you are on moves to another stage.' },
};

export const emailModeTexts: Record<EmailMode, string> = {
  instant: 'Instantly',
  digest: 'Daily digest',
  never: 'Never',
};

export const CategoryPreferenceSchema = z.object({
  inApp: z.boolean(),
  email: z.enum(EMAIL_MODES, 'E-mail must be instant, digest or never.'),
  /** A push to the devices where the user turned push on (issue 33). */
  push: z.boolean(),
});
export type CategoryPreference = z.infer<typeof CategoryPreferenceSchema>;

/** A kind as a PUT gives it: `push` may be left out (clients from before issue 33), keeping its choice. */
const CategoryPreferenceUpdateSchema = z.object({
  inApp: z.boolean(),
  email: z.enum(EMAIL_MODES, 'E-mail must be instant, digest or never.'),
  push: z.optional(z.boolean()),
});
export type CategoryPreferenceUpdate = z.infer<typeof CategoryPreferenceUpdateSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationCategory, CategoryPreference> = {
  assigned: { inApp: true, email: 'instant', push: true },
  mentioned: { inApp: true, email: 'instant', push: true },
  watchedComment: { inApp: true, email: 'digest', push: false },
  watchedStatus: { inApp: true, email: 'digest', push: false },
  invitation: { inApp: true, email: 'instant', push: true },
  dueSoon: { inApp: true, email: 'instant', push: true },
  overdue: { inApp: true, email: 'instant', push: true },
  productStage: { inApp: true, email: 'digest', push: false },
};

export const notificationPreferenceMessages = {
  timeZone: 'Unknown time zone.',
  saved: 'Notification settings saved.',
  saveFailed: 'Failed to save notification settings.',
  loadFailed: 'Failed to load notification settings.',
  unsubscribed: 'You will no longer get these e-mails.',
  badToken: 'This unsubscribe link is not valid.',
} as const;

export const TimeZoneSchema = z.string().check(
  z.minLength(1, notificationPreferenceMessages.timeZone),
  z.maxLength(64, notificationPreferenceMessages.timeZone),
  z.refine((v) => isTimeZone(v), notificationPreferenceMessages.timeZone),
);

const categoryShape = Object.fromEntries(
  NOTIFICATION_CATEGORIES.map((c) => [c, CategoryPreferenceSchema]),
) as Record<NotificationCategory, typeof CategoryPreferenceSchema>;

/** GET /api/user/notification-preferences: every kind (defaults filled in); timeZone null: never saved. */
export const NotificationPreferencesSchema = z.object({
  timeZone: z.nullable(z.string()),
  preferences: z.object(categoryShape),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

const categoryUpdateShape = Object.fromEntries(
  NOTIFICATION_CATEGORIES.map((c) => [c, CategoryPreferenceUpdateSchema]),
) as Record<NotificationCategory, typeof CategoryPreferenceUpdateSchema>;

/** PUT: the time zone and any of the kinds (the others keep their choice); unknown keys are refused. */
export const NotificationPreferencesUpdateSchema = z.strictObject({
  timeZone: TimeZoneSchema,
  preferences: z._default(z.partial(z.strictObject(categoryUpdateShape)), {}),
});
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;
