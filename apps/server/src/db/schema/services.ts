import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatDestinations } from './chat.ts';
import { createdAt, newestFirst, timestamps } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

// Third-party services (spec §2.19, §3 Third-party service; stored and real, ARCHITECTURE §5),
// the products that use them, and the webhook deliveries of services integrated by Webhook.
// Secrets (API key, webhook signing secret) are stored encrypted (AES-256-GCM) and never
// returned in full: `api_key_last4` is what the screen shows.

export const services = pgTable(
  'services',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    category: text({
      enum: [
        'Development',
        'Infrastructure',
        'Communication',
        'Project Management',
        'Analytics',
        'Monitoring',
        'Payment',
      ],
    }).notNull(),
    description: text().notNull().default(''),
    integrationType: text({
      enum: ['Direct API', 'SDK', 'Webhook', 'Script Integration', 'Agent'],
    }).notNull(),
    status: text({ enum: ['Active', 'Inactive', 'Pending'] })
      .notNull()
      .default('Active'),
    apiKeyEncrypted: text(),
    apiKeyLast4: text(),
    /** Where a Webhook service receives its POSTs. */
    webhookUrl: text(),
    webhookSecretEncrypted: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('services_category_idx').on(t.category, t.name),
    index('services_created_by_idx').on(t.createdBy),
    check('services_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check(
      'services_category_known',
      sql`${t.category} in ('Development', 'Infrastructure', 'Communication', 'Project Management', 'Analytics', 'Monitoring', 'Payment')`,
    ),
    check(
      'services_integration_known',
      sql`${t.integrationType} in ('Direct API', 'SDK', 'Webhook', 'Script Integration', 'Agent')`,
    ),
    check('services_status_known', sql`${t.status} in ('Active', 'Inactive', 'Pending')`),
  ],
);

/** Which products use which service ("Used by"). */
export const serviceProducts = pgTable(
  'service_products',
  {
    serviceId: uuid()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.productId] }),
    index('service_products_product_idx').on(t.productId),
  ],
);

/**
 * The outbox of webhook POSTs: written in the transaction of the change it reports, sent after
 * commit by the delivery worker, retried with backoff until delivered or out of attempts.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The service it goes to, or (issue 33) the chat destination: exactly one of the two. */
    serviceId: uuid().references(() => services.id, { onDelete: 'cascade' }),
    chatDestinationId: uuid().references(() => chatDestinations.id, { onDelete: 'cascade' }),
    eventType: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_service_idx').on(t.serviceId, ...newestFirst(t)),
    index('webhook_deliveries_chat_idx').on(t.chatDestinationId, ...newestFirst(t)),
    check('webhook_deliveries_one_target', sql`num_nonnulls(${t.serviceId}, ${t.chatDestinationId}) = 1`),
    check('webhook_deliveries_status_known', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
