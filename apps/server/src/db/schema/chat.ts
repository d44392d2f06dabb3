import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { products } from './products.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

// Chat destinations (issue 33, docs/decisions/051-chat-destinations.md): a product's incoming
// webhooks of chat apps. Their deliveries are rows of webhook_deliveries (services.ts) that name
// the destination instead of a service, sent by the same worker.

export const chatDestinations = pgTable(
  'chat_destinations',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text({
      enum: ['slack', 'teams', 'discord', 'mattermost', 'googlechat', 'ntfy', 'matrix'],
    }).notNull(),
    /** The incoming webhook URL, AES-256-GCM (lib/secrets.ts, context chat_destinations.url:<id>). */
    urlEncrypted: text().notNull(),
    /** The URL's host, what the API answers. */
    urlHost: text().notNull(),
    /** The chosen events (CHAT_EVENTS). */
    events: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('chat_destinations_product_idx').on(t.productId, t.createdAt),
    check('chat_destinations_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check(
      'chat_destinations_kind_known',
      sql`${t.kind} in ('slack', 'teams', 'discord', 'mattermost', 'googlechat', 'ntfy', 'matrix')`,
    ),
    check(
      'chat_destinations_events_known',
      sql`${t.events} <@ array['created', 'status', 'comment', 'mention', 'due_soon', 'stage']::text[]`,
    ),
  ],
);

/** A task's due-soon message claimed once per due date (the chat scan's exactly once). */
export const chatDueNotices = pgTable(
  'chat_due_notices',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    dueDate: date().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.dueDate] })],
);

export type ChatDestinationRow = typeof chatDestinations.$inferSelect;
