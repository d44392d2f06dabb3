import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@shipyard/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceProducts, services, webhookDeliveries } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

// The webhook outbox (ARCHITECTURE §3.4): a product or task change writes, in its own
// transaction, one pending delivery per Active Webhook service that the product uses. A change
// that rolls back leaves none; one that commits cannot lose them. The delivery worker
// (lib/webhook-worker.ts) sends them after commit.

export type WebhookEventInput = {
  event: WebhookEvent;
  /** The products the change concerns (a task moved between products names both). */
  productIds: string[];
  /** Small: ids, name or title, status. */
  data: Record<string, unknown>;
};

/** The JSON a receiver gets: the delivery's id, the event, when it happened and what changed. */
export type WebhookPayload = {
  id: string;
  event: WebhookEvent;
  occurredAt: string;
  data: Record<string, unknown>;
};

export function createWebhookOutbox({ clock }: { clock: Clock }) {
  return {
    /** Inserts the deliveries of one event in `tx`, the change's own transaction; answers how many. */
    async enqueue(tx: Db, { event, productIds, data }: WebhookEventInput): Promise<number> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return 0;
      const targets = await tx
        .selectDistinct({ id: services.id })
        .from(services)
        .innerJoin(serviceProducts, eq(serviceProducts.serviceId, services.id))
        .where(
          and(
            inArray(serviceProducts.productId, ids),
            eq(services.status, 'Active'),
            eq(services.integrationType, 'Webhook'),
            isNotNull(services.webhookUrl),
          ),
        );
      if (targets.length === 0) return 0;
      const now = clock.now();
      const occurredAt = now.toISOString();
      await tx.insert(webhookDeliveries).values(
        targets.map((service) => {
          const id = randomUUID();
          const payload: WebhookPayload = { id, event, occurredAt, data };
          // Due at once, by the clock the worker reads (the app's, not the database's).
          return { id, serviceId: service.id, eventType: event, payload, nextAttemptAt: now };
        }),
      );
      return targets.length;
    },

    /**
     * The deliveries of many events (an import's `task.created`s) in `tx`: one query for the
     * services concerned, one insert per 500 deliveries; answers how many.
     */
    async enqueueMany(tx: Db, events: WebhookEventInput[]): Promise<number> {
      const ids = [...new Set(events.flatMap((e) => e.productIds))];
      if (ids.length === 0) return 0;
      const targets = await tx
        .selectDistinct({ id: services.id, productId: serviceProducts.productId })
        .from(services)
        .innerJoin(serviceProducts, eq(serviceProducts.serviceId, services.id))
        .where(
          and(
            inArray(serviceProducts.productId, ids),
            eq(services.status, 'Active'),
            eq(services.integrationType, 'Webhook'),
            isNotNull(services.webhookUrl),
          ),
        );
      if (targets.length === 0) return 0;
      const now = clock.now();
      const occurredAt = now.toISOString();
      const rows = events.flatMap(({ event, productIds, data }) =>
        [...new Set(targets.filter((t) => productIds.includes(t.productId)).map((t) => t.id))].map(
          (serviceId) => {
            const id = randomUUID();
            const payload: WebhookPayload = { id, event, occurredAt, data };
            return { id, serviceId, eventType: event, payload, nextAttemptAt: now };
          },
        ),
      );
      for (let i = 0; i < rows.length; i += 500) {
        await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
      }
      return rows.length;
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
