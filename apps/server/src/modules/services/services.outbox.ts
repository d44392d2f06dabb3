import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@shipyard/shared';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceProducts, services, webhookDeliveries } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

// The webhook outbox (ARCHITECTURE §3.4): a product or task change writes, in its own
// transaction, one pending delivery per Active Webhook service that the product uses. A change
// that rolls back leaves none; one that commits cannot lose them. The delivery worker
// (services.worker.ts) sends them after commit.

export type WebhookEventInput = {
  event: WebhookEvent;
  /** The products the change concerns (a task moved between products names both). */
  productIds: string[];
  /** Small: ids, name or title, status. */
  data: Record<string, unknown>;
};

/** The JSON a receiver gets: the delivery's id, the event, when it happened and what changed. */
type WebhookPayload = {
  id: string;
  event: WebhookEvent;
  occurredAt: string;
  data: Record<string, unknown>;
};

export function createWebhookOutbox({ clock }: { clock: Clock }) {
  /**
   * The deliveries of events (an import's `task.created`s, or one change's event) in `tx`, the
   * change's own transaction: one query for the services concerned, one insert per 500
   * deliveries; answers how many.
   */
  async function enqueueMany(tx: Db, events: WebhookEventInput[]): Promise<number> {
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
          // Due at once, by the clock the worker reads (the app's, not the database's).
          return { id, serviceId, eventType: event, payload, nextAttemptAt: now };
        },
      ),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
    }
    return rows.length;
  }

  return {
    /** The deliveries of one event, one per Active Webhook service its products use; answers how many. */
    enqueue: (tx: Db, event: WebhookEventInput) => enqueueMany(tx, [event]),
    enqueueMany,

    /**
     * `enqueue` as one statement not run, for the caller to send with its other writes (lib/write.ts
     * writeTogether): an INSERT … SELECT of one delivery per Active Webhook service of the
     * products, each with a fresh id that its payload repeats, returning their ids. Undefined
     * when the event concerns no product. `more`: a jsonb object merged into `data`, read by the
     * same statement (a value its lead writes, such as a new task's key).
     */
    enqueueStatement({ event, productIds, data }: WebhookEventInput, more?: SQL) {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return undefined;
      const now = clock.now();
      const occurredAt = now.toISOString();
      const productList = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      // The same rows as enqueue's (jsonb keeps no key order: the payload is the same value).
      return sql`insert into ${webhookDeliveries} (id, service_id, event_type, payload, next_attempt_at)
        select d.id, d.service_id, ${event}::text,
          jsonb_build_object('id', d.id, 'event', ${event}::text, 'occurredAt', ${occurredAt}::text, 'data', ${JSON.stringify(data)}::jsonb || ${more ?? sql`'{}'::jsonb`}),
          ${occurredAt}::timestamptz
        from (select gen_random_uuid() as id, t.id as service_id from (
          select distinct ${services.id} as id from ${services}
          join ${serviceProducts} on ${serviceProducts.serviceId} = ${services.id}
          where ${serviceProducts.productId} in (${productList}) and ${services.status} = 'Active'
            and ${services.integrationType} = 'Webhook' and ${services.webhookUrl} is not null) t) d
        returning id`;
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
