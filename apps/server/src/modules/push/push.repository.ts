import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSettings, pushSubscriptions } from '../../db/schema/index.ts';

// The push module's queries: devices (subscriptions) and quiet hours.

export function createPushRepository(db: Db) {
  return {
    /**
     * Saves the device's subscription for the user: a new row, or the row of the same endpoint
     * taken over (the browser subscribed again, or another person signed in on it).
     */
    async upsert(values: typeof pushSubscriptions.$inferInsert) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            p256dh: values.p256dh,
            auth: values.auth,
            label: values.label,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row;
    },

    async countOf(userId: string, exceptEndpoint: string) {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.endpoint} <> ${exceptEndpoint}`),
        );
      return row?.n ?? 0;
    },

    list: (userId: string) =>
      db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(100),

    byId: async (id: string) =>
      (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0],

    /** The user's own device only; false when they have no such device. */
    async removeOwn(userId: string, id: string) {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return gone.length > 0;
    },

    async removeOwnEndpoint(userId: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
    },

    /** The push service said the subscription is gone: the row goes, unless re-subscribed since. */
    async removeExpired(id: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async pushed(id: string, at: Date) {
      await db.update(pushSubscriptions).set({ lastPushAt: at }).where(eq(pushSubscriptions.id, id));
    },

    settings: async (userId: string) =>
      (await db.select().from(pushSettings).where(eq(pushSettings.userId, userId)))[0],

    async saveSettings(values: typeof pushSettings.$inferInsert) {
      await db
        .insert(pushSettings)
        .values(values)
        .onConflictDoUpdate({
          target: pushSettings.userId,
          set: { quietStart: values.quietStart, quietEnd: values.quietEnd, timeZone: values.timeZone },
        });
    },

    async clearSettings(userId: string) {
      await db.delete(pushSettings).where(eq(pushSettings.userId, userId));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
