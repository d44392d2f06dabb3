import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { users } from './users.ts';

// Web push (issue 33, docs/decisions/050-web-push.md).

/**
 * A device where its person turned push on: the push service's endpoint and the browser's keys
 * (RFC 8291). One row per endpoint: the browser that subscribes again (or another person signing
 * in on it) takes the row over. Removed when its person turns push off, removes the device, or
 * the push service answers 404/410 (the subscription expired or was revoked).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** Browser and system, from the user agent that subscribed (the device's name in Settings). */
    label: text().notNull(),
    lastPushAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/** A person's quiet hours: local times (minutes after midnight) in their time zone. */
export const pushSettings = pgTable(
  'push_settings',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    quietStart: smallint().notNull(),
    quietEnd: smallint().notNull(),
    timeZone: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    check(
      'push_settings_quiet_range',
      sql`${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439`,
    ),
  ],
);

/**
 * The instance's VAPID key pair (RFC 8292), made at the first start and kept: every subscription
 * is bound to the public key, so a new pair would silence every device. One row; the private
 * key encrypted with the instance's secret box (lib/secrets.ts).
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint().primaryKey().default(1),
    publicKey: text().notNull(),
    privateKeyEncrypted: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 1`)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
