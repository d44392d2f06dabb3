import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ChatDestinationRow,
  chatDestinations,
  products,
  tasks,
  webhookDeliveries,
  workflowStates,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

// What the chat module asks the database: its destinations, and at send time what a message
// needs (the product's name, where the task is now).

export type ChatDestinationPatch = Partial<
  Pick<ChatDestinationRow, 'name' | 'kind' | 'urlEncrypted' | 'urlHost' | 'events' | 'enabled'>
>;

export function createChatRepository(db: Db) {
  return {
    ofProduct: (productId: string, tx: Db = db) =>
      tx
        .select()
        .from(chatDestinations)
        .where(eq(chatDestinations.productId, productId))
        .orderBy(asc(chatDestinations.createdAt), asc(chatDestinations.id)),

    /** Locks the product's row until the transaction ends: two adds cannot both pass the cap. */
    async holdProduct(productId: string, tx: Db): Promise<void> {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    },

    async countOf(productId: string, tx: Db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(chatDestinations)
        .where(eq(chatDestinations.productId, productId));
      return row?.n ?? 0;
    },

    async find(id: string, tx: Db = db): Promise<ChatDestinationRow | undefined> {
      const [row] = await tx.select().from(chatDestinations).where(eq(chatDestinations.id, id)).limit(1);
      return row;
    },

    async insert(tx: Db, values: typeof chatDestinations.$inferInsert): Promise<ChatDestinationRow> {
      const [row] = await tx.insert(chatDestinations).values(values).returning();
      if (!row) throw new Error('chat destination insert returned nothing');
      return row;
    },

    async update(tx: Db, id: string, patch: ChatDestinationPatch): Promise<ChatDestinationRow | undefined> {
      const [row] = await tx
        .update(chatDestinations)
        .set(patch)
        .where(eq(chatDestinations.id, id))
        .returning();
      return row;
    },

    /** Its pending deliveries go with it (the foreign key cascades). */
    remove: (tx: Db, id: string) => tx.delete(chatDestinations).where(eq(chatDestinations.id, id)),

    /** A test message's delivery: pending, due now, sent by the worker's deliverNow. */
    async insertTestDelivery(tx: Db, destination: ChatDestinationRow, clock: Clock): Promise<string> {
      const id = randomUUID();
      const now = clock.now();
      await tx.insert(webhookDeliveries).values({
        id,
        chatDestinationId: destination.id,
        eventType: 'chat.test',
        payload: {
          id,
          event: 'chat.test',
          occurredAt: now.toISOString(),
          data: { productId: destination.productId },
        },
        nextAttemptAt: now,
      });
      return id;
    },

    /** The destinations of claimed deliveries, each with its product's name now. */
    forDelivery: (ids: string[]) =>
      db
        .select({ destination: chatDestinations, productName: products.name })
        .from(chatDestinations)
        .innerJoin(products, eq(products.id, chatDestinations.productId))
        .where(inArray(chatDestinations.id, ids)),

    /** Where the tasks are now (none deleted), with their state's name. */
    tasksNow: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: tasks.id, productId: tasks.productId, stateName: workflowStates.name })
            .from(tasks)
            .leftJoin(workflowStates, eq(workflowStates.id, tasks.stateId))
            .where(and(inArray(tasks.id, ids), sql`${tasks.deletedAt} is null`)),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

/** The outbox's part (services.targets.ts): enabled destinations of the products that chose any of the events. */
export const destinationsTaking = (events: readonly string[], productIds: SQL): SQL =>
  sql`select ${chatDestinations.id} as id, ${chatDestinations.productId} as product_id from ${chatDestinations}
    where ${chatDestinations.productId} in (${productIds}) and ${chatDestinations.enabled}
      and ${chatDestinations.events} && array[${sql.join(
        events.map((e) => sql`${e}`),
        sql`, `,
      )}]::text[]`;
