import type { InstanceSettings } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { instanceSettings } from '../db/schema/index.ts';

// Settings an admin changes from the app (decision 013), one row per key in instance_settings.
// Read where they apply (a sign-in reads `require_two_factor`): one primary-key read, always
// current in every process.

const DEFAULTS: InstanceSettings = { require_two_factor: false };
type Key = keyof InstanceSettings;

export type InstanceSettingsStore = ReturnType<typeof createInstanceSettings>;

export function createInstanceSettings(db: Db) {
  return {
    async get(tx: Db = db): Promise<InstanceSettings> {
      const rows = await tx.select().from(instanceSettings);
      const stored = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<InstanceSettings>;
      return {
        require_two_factor:
          typeof stored.require_two_factor === 'boolean'
            ? stored.require_two_factor
            : DEFAULTS.require_two_factor,
      };
    },

    async set<K extends Key>(key: K, value: InstanceSettings[K], actorId: string, tx: Db = db) {
      await tx
        .insert(instanceSettings)
        .values({ key, value, updatedBy: actorId })
        .onConflictDoUpdate({
          target: instanceSettings.key,
          set: { value, updatedBy: actorId, updatedAt: new Date() },
        });
    },

    async requiresTwoFactor(tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ value: instanceSettings.value })
        .from(instanceSettings)
        .where(eq(instanceSettings.key, 'require_two_factor'));
      return row?.value === true;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's settings an admin changes (decision 013). */
    settings: InstanceSettingsStore;
  }
}

export const settingsPlugin = fp(
  async (app) => {
    app.decorate('settings', createInstanceSettings(app.db));
  },
  { name: 'platform.settings', dependencies: ['platform.core'] },
);
