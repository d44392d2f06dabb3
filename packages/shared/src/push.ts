import { z } from 'zod/mini';
import { isTimeZone } from './time-zones.ts';

// Web push (issue 33, docs/decisions/050-web-push.md): a person turns push on per device in
// Settings; the server keeps each device's subscription (the push service's endpoint and the
// browser's keys) and sends to it what their preferences let through, outside their quiet hours.

export const pushMessages = {
  endpoint: 'The push endpoint must be an https URL of a push service.',
  keys: 'The subscription keys are not valid.',
  tooManyDevices: 'Push is on for too many devices: remove one first.',
  deviceNotFound: 'Device not found.',
  quietTime: 'Enter a time as HH:MM.',
  quietSame: 'Quiet hours must start and end at different times.',
  timeZone: 'Unknown time zone.',
  rateLimited: 'Too many push settings changes. Try again in a minute.',
  enabled: 'Push notifications are on for this device.',
  disabled: 'Push notifications are off for this device.',
  removed: 'Device removed.',
  saved: 'Quiet hours saved.',
  denied: 'Notifications are blocked for this site: allow them in the browser settings, then try again.',
  unsupported: 'This browser does not support push notifications.',
  noServiceWorker: 'Push needs the installed app: its service worker is not running on this page.',
  failed: 'Could not turn on push notifications.',
  loadFailed: 'Failed to load push settings.',
} as const;

/** Devices one account may have push on at once. */
export const MAX_PUSH_DEVICES = 20;
/** Longest endpoint URL accepted (the big push services use about 200–500 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

const base64url = (min: number, max: number) =>
  z
    .string()
    .check(
      z.minLength(min, pushMessages.keys),
      z.maxLength(max, pushMessages.keys),
      z.regex(/^[A-Za-z0-9_-]+={0,2}$/, pushMessages.keys),
    );

/** POST /api/push/subscriptions: a PushSubscription's JSON (`subscription.toJSON()`). */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .check(z.minLength(1, pushMessages.endpoint), z.maxLength(PUSH_ENDPOINT_MAX, pushMessages.endpoint)),
  // The browser's P-256 public key (65 bytes: 87 characters) and its 16-byte auth secret (22).
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
  expirationTime: z.optional(z.nullable(z.number())),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: turn push off for the device with this endpoint. */
export const PushUnsubscribeBodySchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(PUSH_ENDPOINT_MAX)),
});

/** One device with push on, as Settings lists them. */
export const PushDeviceSchema = z.object({
  _id: z.string(),
  /** Browser and system, from the user agent that subscribed. */
  label: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  lastPushAt: z.nullable(z.string()),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicesSchema = z.object({ devices: z.array(PushDeviceSchema) });

export const PushPublicKeySchema = z.object({ publicKey: z.string() });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = () => z.string().check(z.regex(TIME, pushMessages.quietTime));

/** Quiet hours: local times in `timeZone`; start after end runs over midnight (22:00–07:00). */
export const QuietHoursSchema = z
  .object({
    start: time(),
    end: time(),
    timeZone: z.string().check(
      z.minLength(1, pushMessages.timeZone),
      z.maxLength(64, pushMessages.timeZone),
      z.refine((v) => isTimeZone(v), pushMessages.timeZone),
    ),
  })
  .check(z.refine((v) => v.start !== v.end, { error: pushMessages.quietSame, path: ['end'] }));
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** GET and PUT /api/push/settings: the quiet hours, or null for none. */
export const PushSettingsSchema = z.object({ quietHours: z.nullable(QuietHoursSchema) });
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** What a push carries to the service worker (apps/web/src/features/push/sw-push.ts). */
export type PushPayload = {
  title: string;
  body: string;
  /** A path of the app: the task, or the inbox. */
  url: string;
  /** One notification per tag: a newer push about the same thing replaces the older one. */
  tag: string;
};

/** Minutes after midnight of 'HH:MM'. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the local time `minute` (after midnight) falls in [start, end), over midnight too. */
export function inQuietHours(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export const PushDeviceIdParamsSchema = z.object({ id: z.uuid(pushMessages.deviceNotFound) });
