import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { multiLine, singleLine } from './text.ts';

// Third-party services (spec §2.19, §3 Third-party service, §4 Service status, §8.2 Services):
// stored and real (ARCHITECTURE §5). An API key is kept encrypted and only ever shown masked;
// a service integrated by Webhook receives signed POSTs of product and task events
// (docs/decisions/008-webhooks.md).

export const SERVICE_CATEGORIES = [
  'Development',
  'Infrastructure',
  'Communication',
  'Project Management',
  'Analytics',
  'Monitoring',
  'Payment',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_INTEGRATIONS = ['Direct API', 'SDK', 'Webhook', 'Script Integration', 'Agent'] as const;
export type ServiceIntegration = (typeof SERVICE_INTEGRATIONS)[number];

export const SERVICE_STATUSES = ['Active', 'Inactive', 'Pending'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
/** What Enable and Disable set. */
export const SERVICE_TOGGLE_STATUSES = ['Active', 'Inactive'] as const;

/** The events a Webhook service receives (X-Shipyard-Event). */
export const WEBHOOK_EVENTS = [
  'product.created',
  'product.updated',
  'product.status_changed',
  'product.deleted',
  'task.created',
  'task.updated',
  'task.status_changed',
  'task.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** How many characters of an API key stay readable in its masked form. */
export const API_KEY_VISIBLE = 4;
/** The masked form of an API key: eight dots and its last four characters. */
export const maskApiKey = (last4: string) => `••••••••${last4}`;

export const serviceMessages = {
  // Spec §2.19 and §8.2, character for character.
  heading: 'Third-Party Services',
  searchPlaceholder: 'Search services...',
  allCategories: 'All Categories',
  statsTitle: 'Service Usage Statistics',
  addButton: 'Add Service',
  usedBy: 'Used by',
  notInUse: 'Not in use',
  details: 'Details',
  disable: 'Disable',
  enable: 'Enable',
  nameLabel: 'Service Name',
  categoryLabel: 'Category',
  descriptionLabel: 'Description',
  integrationLabel: 'Integration Type',
  apiKeyLabel: 'API Key',
  added: 'Service added',
  disabled: 'Service disabled',
  enabled: 'Service enabled',
  info: 'Info',
  // Ours: the spec's screen never saved, so it names no failure or validation text.
  nameRequired: 'Service name is required',
  categoryRequired: 'Please select a category.',
  integrationRequired: 'Please select an integration type.',
  statusUnknown: 'Status must be Active or Inactive.',
  webhookUrlRequired: 'A Webhook service needs a webhook URL.',
  webhookUrlInvalid: 'Enter an http(s) URL, e.g. https://example.com/hooks/shipyard',
  webhookUrlHttps: 'The webhook URL must use https.',
  webhookUrlCredentials: 'The webhook URL must not contain a user name or password.',
  webhookUrlPrivate: 'The webhook URL must not point to a loopback, private or link-local address.',
  notFound: 'Service not found',
  forbidden: 'Only admins can manage services.',
  productNotFound: 'Product not found',
  notWebhook: 'Only a Webhook service has a signing secret.',
  updated: 'Service updated',
  deleted: 'Service deleted',
  addFailed: 'Failed to add service',
  updateFailed: 'Failed to update service',
  statusFailed: 'Failed to update service status',
  deleteFailed: 'Failed to delete service',
  empty: 'No services found',
  loadFailed: 'Failed to load services',
  deliveriesEmpty: 'No deliveries yet',
  signingSecretTitle: 'Signing secret',
  signingSecretNote: 'Copy it now: it is shown only once. Receivers use it to verify X-Shipyard-Signature.',
} as const;

const m = serviceMessages;

/** '' (an empty form field) and null mean "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** http(s)://host[…]: the shape only; the server parses it fully and checks where it points. */
const isHttpUrl = (v: string) => /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(v);

/** A webhook URL's shape; where it may point (https, public addresses) is the server's check. */
export const WebhookUrlSchema = z.pipe(
  z.transform(blankToNull),
  z.nullable(
    z
      .string(m.webhookUrlInvalid)
      .check(z.trim(), z.maxLength(2000), singleLine(), z.refine(isHttpUrl, m.webhookUrlInvalid)),
  ),
);

/** An API key: kept encrypted, never answered; '' or null for none. */
const ApiKeySchema = z.pipe(
  z.transform(blankToNull),
  z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(1000), singleLine())),
);

const serviceFields = {
  name: z
    .string(m.nameRequired)
    .check(z.trim(), z.minLength(1, m.nameRequired), z.maxLength(100), singleLine()),
  category: z.enum(SERVICE_CATEGORIES, m.categoryRequired),
  description: z._default(z.string().check(z.trim(), z.maxLength(1000), multiLine()), ''),
  integration: z.enum(SERVICE_INTEGRATIONS, m.integrationRequired),
  apiKey: z._default(ApiKeySchema, null),
  webhookUrl: z._default(WebhookUrlSchema, null),
  /** The products that use it ("Used by"). */
  productIds: z._default(z.array(z.uuid(m.productNotFound)).check(z.maxLength(PAGE_LIMIT_MAX)), []),
};

type WebhookFields = { integration?: ServiceIntegration | undefined; webhookUrl?: string | null | undefined };
const webhookNeedsUrl = z.refine<WebhookFields>((v) => v.integration !== 'Webhook' || !!v.webhookUrl, {
  error: m.webhookUrlRequired,
  path: ['webhookUrl'],
});

/** POST /api/services (admins). Status starts Active unless given. */
export const CreateServiceSchema = z
  .object({ ...serviceFields, status: z._default(z.enum(SERVICE_STATUSES), 'Active') })
  .check(webhookNeedsUrl);
export type CreateService = z.infer<typeof CreateServiceSchema>;
export type CreateServiceInput = z.input<typeof CreateServiceSchema>;

/**
 * PATCH /api/services/{id}: any of the fields. `apiKey` null removes the key, omitted keeps it;
 * `productIds` replaces the list. A Webhook service must end up with a URL (checked on the server
 * against what is stored).
 */
const UpdateServiceFieldsSchema = z.partial(
  z.object({
    ...serviceFields,
    description: z.string().check(z.trim(), z.maxLength(1000), multiLine()),
    apiKey: ApiKeySchema,
    webhookUrl: WebhookUrlSchema,
    productIds: z.array(z.uuid(m.productNotFound)).check(z.maxLength(PAGE_LIMIT_MAX)),
  }),
);
export const UpdateServiceSchema = UpdateServiceFieldsSchema.check(notEmptyUpdate());
export type UpdateService = z.infer<typeof UpdateServiceSchema>;

/** PATCH /api/services/{id}/status: Enable (Active) or Disable (Inactive). */
export const ServiceStatusUpdateSchema = z.object({
  status: z.enum(SERVICE_TOGGLE_STATUSES, m.statusUnknown),
});
export type ServiceStatusUpdate = z.infer<typeof ServiceStatusUpdateSchema>;

export const ServiceIdParamsSchema = z.object({ id: z.uuid(m.notFound) });

/** GET /api/services?search&category: search on name or description, ignoring case. */
export const ServiceFiltersSchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200), singleLine())),
  category: z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === '' || v === 'all' || v === m.allCategories ? undefined : v)),
      z.optional(z.enum(SERVICE_CATEGORIES)),
    ),
  ),
});
export type ServiceFilters = z.infer<typeof ServiceFiltersSchema>;

const RefSchema = z.object({ id: z.string(), name: z.string() });

/** The API's service (spec §3 Third-party service). */
export const ServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  description: z.string(),
  integration: z.enum(SERVICE_INTEGRATIONS),
  status: z.enum(SERVICE_STATUSES),
  /** ISO timestamp of the last change. */
  lastUpdated: z.string(),
  /** The products using it that the caller may see, by name. */
  usedBy: z.array(RefSchema),
  /** '••••••••abcd', or null without a key. Never the key. */
  apiKey: z.nullable(z.string()),
  /** A Webhook service's URL, for admins; null for everyone else and other integrations. */
  webhookUrl: z.nullable(z.string()),
  hasWebhookSecret: z.boolean(),
});
export type Service = z.infer<typeof ServiceSchema>;

/** A create (or an update that made it a Webhook service): the signing secret, this once. */
export const ServiceWithSecretSchema = z.extend(ServiceSchema, {
  signingSecret: z.optional(z.string()),
});
export type ServiceWithSecret = z.infer<typeof ServiceWithSecretSchema>;

export const SigningSecretSchema = z.object({ signingSecret: z.string() });
export type SigningSecret = z.infer<typeof SigningSecretSchema>;

/** The 'Service Usage Statistics' card and the category tabs, over every service (not the filters). */
export const ServiceStatsSchema = z.object({
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  pending: z.number(),
  /** Categories that have services, by name, with how many each. */
  byCategory: z.array(z.object({ category: z.enum(SERVICE_CATEGORIES), count: z.number() })),
  /** The services used by the most products (the caller may see), at most 5. */
  mostUsed: z.array(z.object({ id: z.string(), name: z.string(), products: z.number() })),
  /** Distinct products (the caller may see) that use any service. */
  productsUsing: z.number(),
});
export type ServiceStats = z.infer<typeof ServiceStatsSchema>;

export const ServiceListSchema = z.object({ data: z.array(ServiceSchema), stats: ServiceStatsSchema });
export type ServiceList = z.infer<typeof ServiceListSchema>;

/** GET /api/services/{id}/deliveries?cursor&limit (admins). */
export const DeliveryQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200), singleLine())),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(PAGE_LIMIT_MAX))),
    PAGE_LIMIT_DEFAULT,
  ),
});
export type DeliveryQuery = z.infer<typeof DeliveryQuerySchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  /** When a pending delivery is tried next. */
  nextAttemptAt: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const DeliveryListSchema = z.object({
  data: z.array(WebhookDeliverySchema),
  nextCursor: z.nullable(z.string()),
});
export type DeliveryList = z.infer<typeof DeliveryListSchema>;
