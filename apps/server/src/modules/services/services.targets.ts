import type { WebhookEvent } from '@shipyard/shared';
import type { SQL } from 'drizzle-orm';
import type { WebhookDeliveryRow } from '../../db/schema/index.ts';

// Delivery targets beside Webhook services (issue 33, docs/decisions/051-chat-destinations.md):
// another module (chat) registers one through the services entry point. The outbox then writes
// deliveries to the target's rows in the change's transaction, and the worker asks the target
// what to POST for them; claiming, the SSRF guard, retries and the delivery log stay here.

/** What the outbox carries: the webhook events, and the events only other targets hear of. */
export type OutboxEvent = WebhookEvent | 'comment.created' | 'comment.mentioned' | 'task.due_soon';

export type WebhookEventInput = {
  event: OutboxEvent;
  /** The products the change concerns (a task moved between products names both). */
  productIds: string[];
  /** Small: ids, name or title, status. */
  data: Record<string, unknown>;
};

/** One POST of a delivery, as its target builds it. */
export type PreparedRequest = { url: string; body: string; headers: Record<string, string> };

/** Why a delivery will never go: a sentence the delivery log shows ("The destination …."). */
export type Refusal = { refused: string };

export type DeliveryTarget = {
  /** The webhook_deliveries column that names this target's rows. */
  key: 'chatDestinationId';
  /**
   * An event's topics for this target (events with the same topics go to the same rows); none:
   * it takes no part.
   */
  topicsOf: (event: WebhookEventInput) => readonly string[];
  /** SQL selecting `id` and `product_id` of its rows of the products (a list of uuids) that take any of the topics. */
  select: (topics: readonly string[], productIds: SQL) => SQL;
  /** What to POST for each claimed delivery of this target (by delivery id), or why it never goes. */
  prepare: (deliveries: WebhookDeliveryRow[]) => Promise<Map<string, PreparedRequest | Refusal>>;
};
