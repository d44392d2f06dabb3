import net from 'node:net';
import {
  MAX_PUSH_DEVICES,
  minutesOf,
  type PushDevice,
  type PushSettings,
  type PushSubscriptionBody,
  pushMessages,
} from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PushSubscriptionRow } from '../../db/schema/index.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { checkWebhookUrl } from '../../lib/ssrf.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { VapidKeyStore } from './push.keys.ts';
import type { PushRepository } from './push.repository.ts';

type Deps = { db: Db; repo: PushRepository; vapidKeys: VapidKeyStore; allowPrivate: boolean };

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may POST to this endpoint (docs/security.md): https, no user name or
 * password, and not a private, loopback or reserved address (the webhooks' rule, lib/ssrf.ts;
 * a name resolving to one is refused at send time). Plain http only to loopback, and only where
 * WEBHOOK_ALLOW_PRIVATE allows private targets (the tests' local push service).
 */
export function isAllowedEndpoint(endpoint: string, allowPrivate: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol === 'http:') {
    const host = url.hostname.toLowerCase();
    const loopback = LOOPBACK_NAMES.has(host) || (net.isIPv4(host) && host.startsWith('127.'));
    return allowPrivate && loopback && !url.username && !url.password;
  }
  if (url.protocol !== 'https:') return false;
  return checkWebhookUrl(endpoint, { allowPrivate }) === undefined;
}

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  _id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
  lastPushAt: row.lastPushAt?.toISOString() ?? null,
});

const pad = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The caller's own push devices and quiet hours. */
export function createPushService({ db, repo, vapidKeys, allowPrivate }: Deps) {
  return {
    publicKey: async () => ({ publicKey: (await vapidKeys()).publicKey }),

    async subscribe(actor: SessionUser, body: PushSubscriptionBody, userAgent: string | undefined) {
      if (!isAllowedEndpoint(body.endpoint, allowPrivate)) {
        throw BadRequest(pushMessages.endpoint, 'VALIDATION_ERROR', { endpoint: pushMessages.endpoint });
      }
      if ((await repo.countOf(actor.id, body.endpoint)) >= MAX_PUSH_DEVICES) {
        throw Conflict(pushMessages.tooManyDevices, 'TOO_MANY_PUSH_DEVICES');
      }
      const row = await repo.upsert({
        userId: actor.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        label: describeUserAgent(userAgent),
      });
      if (!row) throw new Error('push: the subscription was not stored');
      return toDevice(row);
    },

    unsubscribe: (actor: SessionUser, endpoint: string) => repo.removeOwnEndpoint(actor.id, endpoint),

    devices: async (actor: SessionUser) => ({ devices: (await repo.list(actor.id)).map(toDevice) }),

    async removeDevice(actor: SessionUser, id: string) {
      if (!(await repo.removeOwn(actor.id, id))) throw NotFound(pushMessages.deviceNotFound);
    },

    async settings(actor: SessionUser): Promise<PushSettings> {
      const row = await repo.settings(actor.id);
      return {
        quietHours: row
          ? { start: pad(row.quietStart), end: pad(row.quietEnd), timeZone: row.timeZone }
          : null,
      };
    },

    async saveSettings(actor: SessionUser, update: PushSettings): Promise<PushSettings> {
      const quiet = update.quietHours;
      if (!quiet) {
        await repo.clearSettings(actor.id);
        return { quietHours: null };
      }
      // The send-time check reads the zone in Intl; PostgreSQL must know it as well (the zone
      // lists may differ by one or two), as for the notification time zone.
      const known = await db
        .execute(sql`select now() at time zone ${quiet.timeZone}`)
        .then(() => true)
        .catch(() => false);
      if (!known)
        throw BadRequest(pushMessages.timeZone, 'VALIDATION_ERROR', { timeZone: pushMessages.timeZone });
      await repo.saveSettings({
        userId: actor.id,
        quietStart: minutesOf(quiet.start),
        quietEnd: minutesOf(quiet.end),
        timeZone: quiet.timeZone,
      });
      return { quietHours: quiet };
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
