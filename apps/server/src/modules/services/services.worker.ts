import { and, asc, eq, inArray, lte } from 'drizzle-orm';
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

// The webhook delivery worker (docs/decisions/008-webhooks.md). Every few seconds it claims the
// due pending deliveries with SELECT … FOR UPDATE SKIP LOCKED and leases them (pushes their
// next attempt past the time a send can take), so several server processes can run it at once
// without sending a delivery twice; then it POSTs each, signed, and records the outcome: 2xx is
// delivered, anything else is retried with backoff until the sixth attempt fails for good.

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
};

type Attempt = { statusCode: number | null; error: string | null; retryable: boolean };
/** Cut short by stop(): not recorded; the lease runs out and a running process tries again. */
const ABANDONED = Symbol('abandoned');

/** A failure to record without retrying: nothing will change on a later attempt. */
class PermanentFailure extends Error {}

export function createWebhookWorker(deps: WorkerDeps) {
  const { db, secrets, clock, allowPrivate, log } = deps;
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let halted = false;
  // Aborts the requests in flight when the server shuts down.
  let shutdown = new AbortController();

  /** Claims up to a batch of due deliveries for this process: they are leased, not sent yet. */
  async function claim(): Promise<WebhookDeliveryRow[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function attempt(
    delivery: WebhookDeliveryRow,
    service: ServiceRow | undefined,
  ): Promise<Attempt | typeof ABANDONED> {
    try {
      if (!service) throw new PermanentFailure('The service no longer exists.');
      if (service.status !== 'Active')
        throw new PermanentFailure('The service was disabled before delivery.');
      if (service.integrationType !== 'Webhook' || !service.webhookUrl || !service.webhookSecretEncrypted) {
        throw new PermanentFailure('The service no longer receives webhooks.');
      }
      const problem = checkWebhookUrl(service.webhookUrl, { allowPrivate });
      if (problem) {
        throw new PermanentFailure(
          problem === 'private' ? deliveryErrors.private : deliveryErrors.notAllowed,
        );
      }
      const url = new URL(service.webhookUrl);
      // One deadline for the lookup and the request together.
      const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), shutdown.signal]);
      const target = await abortable(
        resolveWebhookTarget(url, { allowPrivate, lookup: deps.lookup }),
        signal,
      );
      const secret = secrets.decrypt(service.webhookSecretEncrypted, webhookSecretContext(service.id));
      const body = JSON.stringify(delivery.payload);
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const statusCode = await postToTarget(url, target, body, signal, {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.event]: delivery.eventType,
        [WEBHOOK_HEADERS.delivery]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
      });
      if (statusCode >= 200 && statusCode < 300) return { statusCode, error: null, retryable: false };
      return { statusCode, error: `HTTP ${statusCode}`, retryable: true };
    } catch (err) {
      if (shutdown.signal.aborted) return ABANDONED;
      if (err instanceof PermanentFailure) return { statusCode: null, error: err.message, retryable: false };
      // The delivery log shows admins a generic reason; what the name resolved to, the address
      // and port refused, or a certificate's names go to the server log only.
      log?.warn(
        { deliveryId: delivery.id, serviceId: delivery.serviceId, err },
        'webhook delivery attempt failed',
      );
      if (err instanceof ForbiddenTargetError) {
        return { statusCode: null, error: deliveryErrors.private, retryable: false };
      }
      return { statusCode: null, error: describe(err, timeoutMs), retryable: true };
    }
  }

  async function record(delivery: WebhookDeliveryRow, result: Attempt): Promise<DeliveryOutcome> {
    const attempts = delivery.attempts + 1;
    const now = clock.now();
    const delivered = result.error === null;
    const outcome: DeliveryOutcome = delivered
      ? 'delivered'
      : result.retryable && attempts < MAX_ATTEMPTS
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
        { deliveryId: delivery.id, serviceId: delivery.serviceId, error: result.error },
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
    const serviceIds = [...new Set(claimed.map((d) => d.serviceId))];
    const rows = await db.select().from(services).where(inArray(services.id, serviceIds));
    const byId = new Map(rows.map((s) => [s.id, s]));
    const outcomes = await Promise.all(
      claimed.map(async (delivery) => {
        const result = await attempt(delivery, byId.get(delivery.serviceId));
        return result === ABANDONED ? undefined : record(delivery, result);
      }),
    );
    run.attempted = claimed.length;
    for (const outcome of outcomes) if (outcome) run[outcome] += 1;
    return run;
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

/**
 * The reasons the delivery log may show (GET /api/services/{id}/deliveries): fixed texts that say
 * what went wrong without naming an address, a port or a host the server resolved.
 */
const deliveryErrors = {
  private: 'refused: the address is private',
  notAllowed: 'refused: the webhook URL is not allowed',
  dns: 'DNS lookup failed',
  refused: 'connection refused',
  tls: 'TLS handshake failed',
  failed: 'connection failed',
  unknown: 'delivery failed',
} as const;

const knownErrors = new Set<string>(Object.values(deliveryErrors));

/**
 * A stored reason as the delivery log answers it: one of the fixed texts, `HTTP nnn`, a timeout
 * or a PermanentFailure's own sentence pass; anything else (a row written before the texts were
 * made generic) reads as 'delivery failed'.
 */
export function publicDeliveryError(stored: string | null): string | null {
  if (stored === null) return null;
  if (knownErrors.has(stored) || /^HTTP \d{3}$/.test(stored) || /^timed out after [\d.]+ s$/.test(stored)) {
    return stored;
  }
  if (/^The service [a-z ]+\.$/.test(stored)) return stored;
  return deliveryErrors.unknown;
}

function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string };
  // AbortSignal.any passes the timeout's reason on: a TimeoutError, or an AbortError carrying it.
  const cause = (err as { cause?: { name?: string } })?.cause;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || cause?.name === 'TimeoutError') {
    return `timed out after ${timeoutMs / 1000} s`;
  }
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') return deliveryErrors.dns;
  if (code === 'ECONNREFUSED') return deliveryErrors.refused;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code))
    return deliveryErrors.tls;
  return deliveryErrors.failed;
}
