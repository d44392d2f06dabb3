import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shipyard/shared';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceProducts, services, webhookDeliveries } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DeliveryTarget, OutboxEvent, WebhookEventInput } from './services.targets.ts';

// The webhook outbox (ARCHITECTURE §3.4): a product or task change writes, in its own
// transaction, one pending delivery per Active Webhook service that the product uses, and one per
// row of another target (a chat destination, issue 33) that takes the event. A change that rolls
// back leaves none; one that commits cannot lose them. The delivery worker (services.worker.ts)
// sends them after commit.

/** The JSON a receiver gets: the delivery's id, the event, when it happened and what changed. */
type WebhookPayload = {
  id: string;
  event: OutboxEvent;
  occurredAt: string;
  data: Record<string, unknown>;
};

type NewDelivery = typeof webhookDeliveries.$inferInsert;

const webhookEvents = new Set<string>(WEBHOOK_EVENTS);
/** Webhook services hear of the webhook events only (decision 008); comments and reminders are for chat. */
const isWebhookEvent = (event: OutboxEvent): event is WebhookEvent => webhookEvents.has(event);

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export function createWebhookOutbox({
  clock,
  targets = [],
}: {
  clock: Clock;
  /** The other targets (services.targets.ts), registered while the app boots. */
  targets?: readonly DeliveryTarget[];
}) {
  /** The Active Webhook services of the products, with the product each serves. */
  function serviceTargets(tx: Db, productIds: string[]) {
    return tx
      .selectDistinct({ id: services.id, productId: serviceProducts.productId })
      .from(services)
      .innerJoin(serviceProducts, eq(serviceProducts.serviceId, services.id))
      .where(
        and(
          inArray(serviceProducts.productId, productIds),
          eq(services.status, 'Active'),
          eq(services.integrationType, 'Webhook'),
          isNotNull(services.webhookUrl),
        ),
      );
  }

  /**
   * The deliveries of events (an import's `task.created`s, or one change's event) in `tx`, the
   * change's own transaction: one query for the services concerned and one per target and set
   * of topics, one insert per 500 deliveries; answers how many.
   */
  async function enqueueMany(tx: Db, events: WebhookEventInput[]): Promise<number> {
    const ids = [...new Set(events.flatMap((e) => e.productIds))];
    if (ids.length === 0) return 0;
    const now = clock.now();
    const occurredAt = now.toISOString();
    const rows: NewDelivery[] = [];
    const add = (input: WebhookEventInput, to: Pick<NewDelivery, 'serviceId' | 'chatDestinationId'>) => {
      const id = randomUUID();
      const payload: WebhookPayload = { id, event: input.event, occurredAt, data: input.data };
      // Due at once, by the clock the worker reads (the app's, not the database's).
      rows.push({ id, ...to, eventType: input.event, payload, nextAttemptAt: now });
    };
    const ofProducts = (found: { id: string; productId: string }[], input: WebhookEventInput) => [
      ...new Set(found.filter((t) => input.productIds.includes(t.productId)).map((t) => t.id)),
    ];

    const hooked = events.filter((e) => isWebhookEvent(e.event));
    if (hooked.length > 0) {
      const found = await serviceTargets(tx, [...new Set(hooked.flatMap((e) => e.productIds))]);
      for (const input of hooked) for (const serviceId of ofProducts(found, input)) add(input, { serviceId });
    }
    for (const target of targets) {
      const byTopics = new Map<string, { topics: readonly string[]; events: WebhookEventInput[] }>();
      for (const input of events) {
        const topics = target.topicsOf(input);
        if (topics.length === 0) continue;
        const key = topics.join(' ');
        const group = byTopics.get(key) ?? { topics, events: [] };
        group.events.push(input);
        byTopics.set(key, group);
      }
      for (const group of byTopics.values()) {
        const products = [...new Set(group.events.flatMap((e) => e.productIds))];
        const { rows: found } = await tx.execute<{ id: string; productId: string }>(
          sql`select c.id, c.product_id as "productId" from (${target.select(group.topics, uuidList(products))}) c`,
        );
        for (const input of group.events) {
          for (const id of ofProducts(found, input)) add(input, { [target.key]: id });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
    }
    return rows.length;
  }

  return {
    /** The deliveries of one event, one per Active Webhook service its products use and per target row taking it; answers how many. */
    enqueue: (tx: Db, event: WebhookEventInput) => enqueueMany(tx, [event]),
    enqueueMany,

    /**
     * `enqueue` as one statement not run, for the caller to send with its other writes (lib/write.ts
     * writeTogether): an INSERT … SELECT of one delivery per Active Webhook service of the
     * products (and per target row that takes the event), each with a fresh id that its payload
     * repeats, returning their ids. Undefined when the event concerns no product or nobody takes
     * it. `more`: a jsonb object merged into `data`, read by the same statement (a value its lead
     * writes, such as a new task's key).
     */
    enqueueStatement(input: WebhookEventInput, more?: SQL) {
      const { event, productIds, data } = input;
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return undefined;
      const now = clock.now();
      const occurredAt = now.toISOString();
      const productList = uuidList(ids);
      const sources: SQL[] = [];
      if (isWebhookEvent(event)) {
        sources.push(sql`select distinct ${services.id} as service_id, null::uuid as chat_destination_id
          from ${services}
          join ${serviceProducts} on ${serviceProducts.serviceId} = ${services.id}
          where ${serviceProducts.productId} in (${productList}) and ${services.status} = 'Active'
            and ${services.integrationType} = 'Webhook' and ${services.webhookUrl} is not null`);
      }
      for (const target of targets) {
        const topics = target.topicsOf(input);
        if (topics.length === 0) continue;
        // One target column today (chat destinations): it fills chat_destination_id.
        sources.push(
          sql`select distinct null::uuid as service_id, c.id as chat_destination_id from (${target.select(topics, productList)}) c`,
        );
      }
      if (sources.length === 0) return undefined;
      // The same rows as enqueue's (jsonb keeps no key order: the payload is the same value).
      return sql`insert into ${webhookDeliveries} (id, service_id, chat_destination_id, event_type, payload, next_attempt_at)
        select d.id, d.service_id, d.chat_destination_id, ${event}::text,
          jsonb_build_object('id', d.id, 'event', ${event}::text, 'occurredAt', ${occurredAt}::text, 'data', ${JSON.stringify(data)}::jsonb || ${more ?? sql`'{}'::jsonb`}),
          ${occurredAt}::timestamptz
        from (select gen_random_uuid() as id, t.service_id, t.chat_destination_id from (
          ${sql.join(sources, sql` union all `)}) t) d
        returning id`;
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
