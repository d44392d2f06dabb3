import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ServiceRow,
  services,
  type WebhookDeliveryRow,
  webhookDeliveries,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { abortable, postToTarget } from '../../lib/pinned-request.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { checkWebhookUrl, ForbiddenTargetError, resolveWebhookTarget } from '../../lib/ssrf.ts';
import { signWebhook, WEBHOOK_HEADERS } from '../../lib/webhook-signing.ts';
import { deliveryErrors, describe, publicDeliveryError } from './services.errors.ts';
import type { DeliveryTarget, PreparedRequest, Refusal } from './services.targets.ts';

// The webhook delivery worker (docs/decisions/008-webhooks.md). Every few seconds it claims the
// due pending deliveries with SELECT … FOR UPDATE SKIP LOCKED and leases them (pushes their
// next attempt past the time a send can take), so several server processes can run it at once
// without sending a delivery twice; then it POSTs each, signed, and records the outcome: 2xx is
// delivered, anything else is retried with backoff until the sixth attempt fails for good. A
// delivery to another target (a chat destination, issue 33) is POSTed as its target builds it.

/** Waits after the 1st, 2nd, … failed attempt; a sixth failure is final. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery is not claimed again for this long (a process that died mid-send). */
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 20;
const DEFAULT_INTERVAL_MS = 5_000;
const USER_AGENT = 'Shipyard-Webhooks/1.0';

/** The secret's additional data: it decrypts only in that column of that row. */
export const webhookSecretContext = (serviceId: string) => `services.webhook_secret:${serviceId}`;

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed';
export type DeliveryRun = { attempted: number; delivered: number; retrying: number; failed: number };

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

type WorkerDeps = {
  db: Db;
  secrets: SecretBox;
  clock: Clock;
  allowPrivate: boolean;
  log?: Logger;
  intervalMs?: number;
  timeoutMs?: number;
  /** Told every recorded outcome (the metrics count them). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
  /** DNS, replaceable in tests. */
  lookup?: Parameters<typeof resolveWebhookTarget>[1]['lookup'];
  /** The other targets (services.targets.ts), registered while the app boots. */
  targets?: readonly DeliveryTarget[];
};

type Attempt = { statusCode: number | null; error: string | null; retryable: boolean };
/** Cut short by stop(): not recorded; the lease runs out and a running process tries again. */
const ABANDONED = Symbol('abandoned');

/** A failure to record without retrying: nothing will change on a later attempt. */
class PermanentFailure extends Error {}

export type DeliveryResult = {
  status: 'delivered' | 'failed';
  statusCode: number | null;
  error: string | null;
};

/** Who a delivery goes to, for the server log. */
const targetOf = (d: WebhookDeliveryRow) =>
  d.serviceId ? { serviceId: d.serviceId } : { chatDestinationId: d.chatDestinationId };

export function createWebhookWorker(deps: WorkerDeps) {
  const { db, secrets, clock, allowPrivate, log } = deps;
  const targets = deps.targets ?? [];
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let halted = false;
  // Aborts the requests in flight when the server shuts down.
  let shutdown = new AbortController();

  /**
   * Claims up to a batch of due deliveries for this process (or the one named): they are
   * leased, not sent yet.
   */
  async function claim(only?: string): Promise<WebhookDeliveryRow[]> {
    const now = clock.now();
    const due: SQL | undefined = only
      ? eq(webhookDeliveries.id, only)
      : lte(webhookDeliveries.nextAttemptAt, now);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), due))
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      return tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            webhookDeliveries.id,
            rows.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /** A Webhook service's signed POST of the delivery, or why it will never go. */
  function serviceRequest(delivery: WebhookDeliveryRow, service: ServiceRow | undefined): PreparedRequest {
    if (!service) throw new PermanentFailure('The service no longer exists.');
    if (service.status !== 'Active') throw new PermanentFailure('The service was disabled before delivery.');
    if (service.integrationType !== 'Webhook' || !service.webhookUrl || !service.webhookSecretEncrypted) {
      throw new PermanentFailure('The service no longer receives webhooks.');
    }
    const secret = secrets.decrypt(service.webhookSecretEncrypted, webhookSecretContext(service.id));
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    return {
      url: service.webhookUrl,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.event]: delivery.eventType,
        [WEBHOOK_HEADERS.delivery]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
      },
    };
  }

  /** What to POST for each claimed delivery: the services' own, the other targets' as they build it. */
  async function requestsOf(claimed: WebhookDeliveryRow[]) {
    const requests = new Map<string, () => PreparedRequest | Refusal>();
    const serviceIds = [...new Set(claimed.flatMap((d) => (d.serviceId ? [d.serviceId] : [])))];
    const rows = serviceIds.length
      ? await db.select().from(services).where(inArray(services.id, serviceIds))
      : [];
    const byId = new Map(rows.map((s) => [s.id, s]));
    for (const d of claimed) {
      if (d.serviceId) requests.set(d.id, () => serviceRequest(d, byId.get(d.serviceId ?? '')));
    }
    for (const target of targets) {
      const mine = claimed.filter((d) => d[target.key] !== null);
      if (mine.length === 0) continue;
      const prepared = await target.prepare(mine);
      for (const d of mine) {
        const made = prepared.get(d.id) ?? { refused: 'The destination no longer exists.' };
        requests.set(d.id, () => made);
      }
    }
    return requests;
  }

  async function attempt(
    delivery: WebhookDeliveryRow,
    request: (() => PreparedRequest | Refusal) | undefined,
  ): Promise<Attempt | typeof ABANDONED> {
    try {
      const made = request?.() ?? { refused: 'The service no longer exists.' };
      if ('refused' in made) throw new PermanentFailure(made.refused);
      const problem = checkWebhookUrl(made.url, { allowPrivate });
      if (problem) {
        throw new PermanentFailure(
          problem === 'private' ? deliveryErrors.private : deliveryErrors.notAllowed,
        );
      }
      const url = new URL(made.url);
      // One deadline for the lookup and the request together.
      const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), shutdown.signal]);
      const target = await abortable(
        resolveWebhookTarget(url, { allowPrivate, lookup: deps.lookup }),
        signal,
      );
      const statusCode = await postToTarget(url, target, made.body, signal, made.headers);
      if (statusCode >= 200 && statusCode < 300) return { statusCode, error: null, retryable: false };
      return { statusCode, error: `HTTP ${statusCode}`, retryable: true };
    } catch (err) {
      if (shutdown.signal.aborted) return ABANDONED;
      if (err instanceof PermanentFailure) return { statusCode: null, error: err.message, retryable: false };
      // The delivery log shows admins a generic reason; what the name resolved to, the address
      // and port refused, or a certificate's names go to the server log only.
      log?.warn({ deliveryId: delivery.id, ...targetOf(delivery), err }, 'webhook delivery attempt failed');
      if (err instanceof ForbiddenTargetError) {
        return { statusCode: null, error: deliveryErrors.private, retryable: false };
      }
      return { statusCode: null, error: describe(err, timeoutMs), retryable: true };
    }
  }

  async function record(
    delivery: WebhookDeliveryRow,
    result: Attempt,
    maxAttempts = MAX_ATTEMPTS,
  ): Promise<DeliveryOutcome> {
    const attempts = delivery.attempts + 1;
    const now = clock.now();
    const delivered = result.error === null;
    const outcome: DeliveryOutcome = delivered
      ? 'delivered'
      : result.retryable && attempts < maxAttempts
        ? 'retrying'
        : 'failed';
    const delay = RETRY_DELAYS_MS[attempts - 1] ?? 0;
    await db
      .update(webhookDeliveries)
      .set({
        attempts,
        status: outcome === 'retrying' ? 'pending' : outcome,
        lastStatusCode: result.statusCode,
        lastError: result.error?.slice(0, 500) ?? null,
        deliveredAt: delivered ? now : null,
        nextAttemptAt: outcome === 'retrying' ? new Date(now.getTime() + delay) : now,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')));
    deps.onOutcome?.(outcome);
    if (outcome === 'failed') {
      log?.warn(
        { deliveryId: delivery.id, ...targetOf(delivery), error: result.error },
        'webhook delivery failed',
      );
    }
    return outcome;
  }

  /** One batch: claim, send in parallel, record. Answers what happened. */
  async function deliverBatch(): Promise<DeliveryRun> {
    const run: DeliveryRun = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
    const claimed = await claim();
    if (claimed.length === 0) return run;
    const requests = await requestsOf(claimed);
    const outcomes = await Promise.all(
      claimed.map(async (delivery) => {
        const result = await attempt(delivery, requests.get(delivery.id));
        return result === ABANDONED ? undefined : record(delivery, result);
      }),
    );
    run.attempted = claimed.length;
    for (const outcome of outcomes) if (outcome) run[outcome] += 1;
    return run;
  }

  /**
   * The one pending delivery, sent now and once (a test message: not retried), by the same path
   * as every other; answers how it went, as the delivery log shows it. Undefined when it is not
   * pending (another process has it).
   */
  async function deliverNow(id: string): Promise<DeliveryResult | undefined> {
    const [delivery] = await claim(id);
    if (!delivery) return undefined;
    const requests = await requestsOf([delivery]);
    const result = await attempt(delivery, requests.get(delivery.id));
    if (result === ABANDONED) return undefined;
    const outcome = await record(delivery, result, 1);
    return {
      status: outcome === 'delivered' ? 'delivered' : 'failed',
      statusCode: result.statusCode,
      error: publicDeliveryError(result.error),
    };
  }

  /**
   * Sends every delivery due now (batch after batch while batches come back full) and answers
   * what happened. The interval calls it; tests call it directly.
   */
  async function deliverDue(): Promise<DeliveryRun> {
    const total: DeliveryRun = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
    for (;;) {
      const run = await deliverBatch();
      total.attempted += run.attempted;
      total.delivered += run.delivered;
      total.retrying += run.retrying;
      total.failed += run.failed;
      // stop() lets the batch in flight finish, then ends the run.
      if (run.attempted < BATCH_SIZE || halted) return total;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = deliverDue()
        .catch((err) => log?.error({ err }, 'webhook worker run failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    deliverDue,
    deliverNow,
    /** Runs deliverDue every `intervalMs` (one run at a time) until stop(). */
    start() {
      if (!stopped) return;
      stopped = false;
      halted = false;
      shutdown = new AbortController();
      schedule();
    },
    /** Stops the interval, cuts the requests in flight short and waits for the run to end. */
    async stop() {
      stopped = true;
      halted = true;
      shutdown.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
