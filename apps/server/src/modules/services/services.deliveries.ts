import type { DeliveryList, DeliveryQuery, WebhookDelivery } from '@shipyard/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type WebhookDeliveryRow, webhookDeliveries } from '../../db/schema/index.ts';
import { encodeCursor, exactCreatedAt, olderThan, readCursor } from '../../lib/cursor.ts';
import { publicDeliveryError } from './services.errors.ts';

// The delivery log of a service or (issue 33) of a chat destination: newest first, a page at a
// time, each failure as one of the fixed reasons (services.errors.ts).

export type DeliveryOwner = { serviceId: string } | { chatDestinationId: string };

export function createDeliveryLog(db: Db) {
  return async function page(owner: DeliveryOwner, query: DeliveryQuery): Promise<DeliveryList> {
    const after = readCursor(query.cursor);
    const rows = await db
      .select({ delivery: webhookDeliveries, cursorAt: exactCreatedAt(webhookDeliveries.createdAt) })
      .from(webhookDeliveries)
      .where(
        and(
          'serviceId' in owner
            ? eq(webhookDeliveries.serviceId, owner.serviceId)
            : eq(webhookDeliveries.chatDestinationId, owner.chatDestinationId),
          after ? olderThan(webhookDeliveries.createdAt, webhookDeliveries.id, after) : undefined,
        ),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.limit + 1);
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      data: shown.map((r) => toDelivery(r.delivery)),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({ createdAt: last.cursorAt, id: last.delivery.id })
          : null,
    };
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: publicDeliveryError(row.lastError),
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}
