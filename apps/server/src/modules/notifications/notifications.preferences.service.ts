import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationPreferenceMessages,
} from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { UnsubscribeTokens } from './notifications.mail.ts';
import type { NotificationSettings } from './notifications.settings.ts';

type Deps = { db: Db; settings: NotificationSettings; tokens: UnsubscribeTokens };

/** The caller's own notification settings, and the signed-out unsubscribe. */
export function createPreferencesService({ db, settings, tokens }: Deps) {
  return {
    read: (actor: SessionUser): Promise<NotificationPreferences> => settings.read(actor.id),

    async save(actor: SessionUser, update: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
      // The reminder and digest queries read the zone in PostgreSQL: it must know it too
      // (Intl and PostgreSQL's tz database may differ by a zone or two).
      const known = await db
        .execute(sql`select now() at time zone ${update.timeZone}`)
        .then(() => true)
        .catch(() => false);
      if (!known) {
        throw BadRequest(notificationPreferenceMessages.timeZone, 'VALIDATION_ERROR', {
          timeZone: notificationPreferenceMessages.timeZone,
        });
      }
      await settings.save(actor.id, update.timeZone, update.preferences);
      return settings.read(actor.id);
    },

    /** Who and what the token names, if this server signed it. */
    checkToken: (token: string) => (token ? tokens.verify(token) : undefined),

    /** That kind's e-mail (or every digest kind) becomes never; false for a token not ours. */
    async unsubscribe(token: string): Promise<boolean> {
      const found = token ? tokens.verify(token) : undefined;
      if (!found) return false;
      await db.transaction(async (tx) => {
        const current = await settings.read(found.userId, tx);
        const kinds: NotificationCategory[] =
          found.scope === 'digest'
            ? // Every kind the digest carries, and the overdue tasks it lists.
              NOTIFICATION_CATEGORIES.filter(
                (c) => current.preferences[c].email === 'digest' || c === 'overdue',
              )
            : [found.scope];
        // A deleted account's token changes nothing (the insert would fail its foreign key).
        const exists = await settings.recipient(found.userId, tx);
        if (exists && kinds.length > 0) await settings.stopMail(found.userId, kinds, tx);
      });
      return true;
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
