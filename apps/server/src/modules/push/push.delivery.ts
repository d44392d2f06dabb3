import { categoryOfType, inQuietHours } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Clock } from '../../lib/clock.ts';
import type { JobHandlers } from '../../lib/jobs.ts';
import { abortable, postToTarget } from '../../lib/pinned-request.ts';
import { ForbiddenTargetError, resolveWebhookTarget } from '../../lib/ssrf.ts';
import type { DeliveryChannel, DeliveryCheck, Notice } from '../notifications/index.ts';
import type { VapidKeyStore } from './push.keys.ts';
import type { PushRepository } from './push.repository.ts';
import { isAllowedEndpoint } from './push.service.ts';
import { pushPayload } from './push.texts.ts';

// Delivery (docs/decisions/050-web-push.md). The notifications module tells this channel of
// every new notification in its transaction; for each recipient who wants that kind pushed, a
// job per device is added there (graphile-worker), so a rolled-back change pushes nothing and no
// request waits for a push service. The job checks again when it runs, then sends.

const PUSH_JOB = 'push-send';
/** e^1 … e^5 seconds between tries (graphile-worker): about four minutes in all, then dropped. */
const MAX_ATTEMPTS = 6;
const SEND_TIMEOUT_MS = 10_000;
/** A push older than a day is not worth showing: the push service may drop it after that. */
const TTL_SECONDS = 24 * 60 * 60;

type PushJob = { subscriptionId: string; notice: Notice & { message: string } };

type Deps = {
  repo: PushRepository;
  vapidKeys: VapidKeyStore;
  subject: string;
  deliveryCheck: DeliveryCheck;
  clock: Clock;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  /** DNS, replaceable in tests. */
  lookup?: Parameters<typeof resolveWebhookTarget>[1]['lookup'];
};

/** Minutes after local midnight in `timeZone` at `at`. */
function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

export function createPushDelivery(deps: Deps) {
  const { repo, clock, log } = deps;

  /** One job per device of each recipient who keeps that kind's push on, in the notifier's transaction. */
  const channel: DeliveryChannel = async (deliveries, tx) => {
    for (const { notice, recipient } of deliveries) {
      if (!recipient.preferences[categoryOfType[notice.type]].push) continue;
      await tx.execute(sql`
        select graphile_worker.add_job(${PUSH_JOB},
          json_build_object('subscriptionId', s.id, 'notice', ${JSON.stringify(notice)}::json),
          max_attempts => ${MAX_ATTEMPTS}::int)
        from push_subscriptions s where s.user_id = ${notice.userId}`);
    }
  };

  async function quiet(userId: string): Promise<boolean> {
    const settings = await repo.settings(userId);
    if (!settings) return false;
    return inQuietHours(localMinute(clock.now(), settings.timeZone), settings.quietStart, settings.quietEnd);
  }

  /**
   * Sends one notification to one device, if it still should go: the device is still its
   * recipient's, who may still see what it is about and still wants that kind pushed, outside
   * their quiet hours (held back then, not sent later: the inbox has it). A 404 or 410 from the
   * push service removes the device; a 429, a 5xx or a network failure throws, and the queue
   * tries again (MAX_ATTEMPTS); any other answer is logged and dropped.
   */
  async function send({ subscriptionId, notice }: PushJob) {
    const device = await repo.byId(subscriptionId);
    if (!device || device.userId !== notice.userId) return;
    const recipient = await deps.deliveryCheck(notice);
    if (!recipient?.preferences[categoryOfType[notice.type]].push) return;
    if (await quiet(notice.userId)) return;
    if (!isAllowedEndpoint(device.endpoint, deps.allowPrivate)) return;

    const keys = await deps.vapidKeys();
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(pushPayload(notice)),
      {
        vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const url = new URL(device.endpoint);
    const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
    let status: number;
    try {
      const target = await abortable(
        resolveWebhookTarget(url, { allowPrivate: deps.allowPrivate, lookup: deps.lookup }),
        signal,
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      status = await postToTarget(url, target, request.body ?? '', signal, headers);
    } catch (err) {
      if (err instanceof ForbiddenTargetError) {
        log.warn({ subscriptionId, err }, 'push endpoint refused: it resolves to a private address');
        return;
      }
      throw err;
    }
    if (status >= 200 && status < 300) return repo.pushed(device.id, clock.now());
    if (status === 404 || status === 410) return repo.removeExpired(device.id, device.endpoint);
    if (status === 429 || status >= 500) throw new Error(`push service answered HTTP ${status}`);
    log.warn({ subscriptionId, status }, 'push refused by the push service');
  }

  const handlers: JobHandlers = { [PUSH_JOB]: (payload) => send(payload as PushJob) };
  return { channel, handlers };
}
