import {
  type CategoryPreference,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
  type Role,
} from '@shipyard/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationSettings, users } from '../../db/schema/index.ts';

type Stored = Partial<Record<NotificationCategory, Partial<CategoryPreference>>>;

/**
 * Every kind's choice: the stored fields over the defaults, field by field (a kind saved before
 * push existed has no `push`, and follows its default).
 */
const withDefaults = (stored: Stored | null | undefined): NotificationPreferences['preferences'] =>
  Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((c) => [c, { ...DEFAULT_NOTIFICATION_PREFERENCES[c], ...stored?.[c] }]),
  ) as NotificationPreferences['preferences'];

/** The stored choices with the given fields of the given kinds merged in (the other fields kept). */
function mergedKinds(changed: Stored): SQL {
  const column = notificationSettings.preferences;
  const kinds = Object.entries(changed).map(
    ([kind, fields]) =>
      sql`${kind}::text, coalesce(${column} -> ${kind}::text, '{}'::jsonb) || ${JSON.stringify(fields)}::jsonb`,
  );
  if (kinds.length === 0) return sql`${column}`;
  return sql`${column} || jsonb_build_object(${sql.join(kinds, sql`, `)})`;
}

/** A recipient as the notifier and the mail jobs need them. */
export type Recipient = {
  userId: string;
  email: string;
  name: string;
  /** With userId, what decides what they may see (notifications.access.ts). */
  role: Role;
  /** A verified, enabled account: only those are mailed. */
  mailable: boolean;
  timeZone: string;
  /** users.language: what their mail is written in (null: English, platform/mail-language.ts). */
  language: string | null;
  preferences: NotificationPreferences['preferences'];
};

/** The users' notification settings (table notification_settings; no row: defaults, UTC). */
export function createNotificationSettings(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        mailable: sql<boolean>`(${users.emailVerifiedAt} is not null and ${users.disabledAt} is null)`,
        timeZone: notificationSettings.timeZone,
        language: users.language,
        preferences: notificationSettings.preferences,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id));

  const toRecipient = (row: Awaited<ReturnType<ReturnType<typeof select>['where']>>[number]): Recipient => ({
    ...row,
    timeZone: row.timeZone ?? 'UTC',
    preferences: withDefaults(row.preferences),
  });

  return {
    /** One query for all of them, in the caller's transaction. */
    async recipients(ids: readonly string[], tx: Db = db): Promise<Map<string, Recipient>> {
      if (ids.length === 0) return new Map();
      const rows = await select(tx).where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.userId, toRecipient(row)]));
    },

    async recipient(id: string, tx: Db = db): Promise<Recipient | undefined> {
      return (await this.recipients([id], tx)).get(id);
    },

    /**
     * Counts `wanted` more instant mails (per user) against the hour that began with the first
     * of their current window (a new one starts once that hour has passed): how many each may
     * still send of `cap`, the rest going to the digest. The row is locked until the caller's
     * transaction ends, so concurrent notices count one after the other.
     */
    async claimInstantMails(wanted: ReadonlyMap<string, number>, cap: number, tx: Db = db) {
      const allowed = new Map<string, number>();
      if (wanted.size === 0) return allowed;
      const inWindow = sql`${notificationSettings.instantMailWindowAt} > now() - interval '1 hour'`;
      const rows = await tx
        .insert(notificationSettings)
        .values(
          // One order for every transaction: no two lock the same rows the other way round.
          [...wanted.keys()].sort().map((userId) => ({
            userId,
            instantMailWindowAt: sql`now()`,
            instantMails: wanted.get(userId) ?? 0,
          })),
        )
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: {
            instantMailWindowAt: sql`case when ${inWindow} then ${notificationSettings.instantMailWindowAt} else now() end`,
            instantMails: sql`case when ${inWindow} then ${notificationSettings.instantMails} else 0 end + excluded.instant_mails`,
          },
        })
        .returning({ userId: notificationSettings.userId, total: notificationSettings.instantMails });
      for (const { userId, total } of rows) {
        const asked = wanted.get(userId) ?? 0;
        allowed.set(userId, Math.max(0, Math.min(asked, cap - (total - asked))));
      }
      return allowed;
    },

    /** What Settings → Notifications shows: timeZone null until first saved. */
    async read(userId: string, tx: Db = db): Promise<NotificationPreferences> {
      const [row] = await tx
        .select({ timeZone: notificationSettings.timeZone, preferences: notificationSettings.preferences })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return { timeZone: row?.timeZone ?? null, preferences: withDefaults(row?.preferences) };
    },

    /** Saves the time zone and merges the given kinds into the stored ones (one statement). */
    async save(userId: string, timeZone: string, changed: Stored, tx: Db = db) {
      await tx
        .insert(notificationSettings)
        .values({ userId, timeZone, preferences: changed })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: {
            timeZone,
            preferences: mergedKinds(changed),
            updatedAt: sql`now()`,
          },
        });
    },

    /** The kinds' e-mail becomes never, their in-app and push choices kept (the unsubscribe link). */
    async stopMail(userId: string, categories: readonly NotificationCategory[], tx: Db = db) {
      const current = await this.read(userId, tx);
      const changed: Stored = Object.fromEntries(
        categories.map((c) => [c, { inApp: current.preferences[c].inApp, email: 'never' }]),
      );
      await tx
        .insert(notificationSettings)
        .values({ userId, preferences: changed })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { preferences: mergedKinds(changed), updatedAt: sql`now()` },
        });
    },
  };
}

export type NotificationSettings = ReturnType<typeof createNotificationSettings>;
