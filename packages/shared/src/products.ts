import { z } from 'zod/mini';
import { isBoundedJson, notEmptyUpdate } from './api.ts';
import { placementFields } from './order.ts';
import { StageOverrideSchema } from './stage-override.ts';
import { ProductKeySchema } from './task-keys.ts';
import { multiLine, singleLine } from './text.ts';

// Products (spec §3; "projects" in the API's paths). Statuses are the board's column ids.

export const PRODUCT_STATUSES = ['planning', 'development', 'testing', 'production', 'maintenance'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ProductPriority = (typeof PRODUCT_PRIORITIES)[number];

/** The API accepts any casing (the board sends 'Development', spec §4) and answers lowercase. */
export const ProductStatusSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.enum(PRODUCT_STATUSES),
);

export const ProductSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  /** The prefix of its tasks' keys, `ATL` (issue 28). */
  key: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  priority: z.enum(PRODUCT_PRIORITIES),
  team_size: z.number(),
  /** 0–100, derived from the product's tasks; 0 with none. */
  progress: z.number(),
  start_date: z.string(),
  target_end_date: z.string(),
  created_by: z.nullable(z.string()),
  /** When it was archived: an archived product is read-only and left out of lists unless asked for. */
  archived_at: z.nullable(z.string()),
  /** Its place in its stage's column of the board (issue 28): ascending, ties by id. */
  rank: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it entered its current stage (issue 32): the board's "12 d in Testing". Not a spec field. */
  stage_entered_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** How many of its newest activity entries each product of a list carries (spec §7.2). */
export const LIST_ACTIVITY_LIMIT = 5;

const PersonRefSchema = z.object({ _id: z.string(), name: z.string(), avatar_url: z.nullable(z.string()) });

/** What a list row and the detail add to the product: who made it, who works on it, what happened. */
const productExtras = {
  /** Its creator (the board card's owner); null once the creator is gone. */
  creator: z.nullable(PersonRefSchema),
  /** People with an active membership in one of its teams, counted once (beside the planned team_size). */
  active_members: z.number(),
};

// ---- Writing products (spec §5 Create Product; edit and status change, ARCHITECTURE §5) ----

export const productMessages = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  startDateRequired: 'Start date is required',
  targetDateRequired: 'Target end date is required',
  targetBeforeStart: 'Target end date must be on or after the start date',
  statusRequired: 'Please select a status.',
  teamSizeMin: 'Team size must be at least 1',
  notAuthenticated: 'User not authenticated',
  notFound: 'Product not found',
  forbidden: 'Only the product’s creator or an admin can change it.',
  /** A guest's answer to any write on products or their activity (ARCHITECTURE §5). */
  readOnly: 'Guests have read-only access to products.',
  deleted: 'Product deleted',
  created: 'Product Created',
  createdDescription: (name: string) => `${name} has been created successfully.`,
  createFailed: 'Failed to create product',
  statusUpdated: 'Product status updated',
  statusUpdateFailed: 'Failed to update product status',
  /** A write to an archived product, its tasks, teams or documents (409). */
  archived: 'This product is archived and read-only. Unarchive it to make changes.',
  updated: 'Product updated',
  updateFailed: 'Failed to update product',
  archivedToast: 'Product archived',
  unarchivedToast: 'Product unarchived',
  archiveFailed: 'Failed to archive product',
  deleteFailed: 'Failed to delete product',
} as const;

/** Caps of stored product text (docs/security.md). */
export const PRODUCT_DESCRIPTION_MAX = 5000;

/** A real calendar day: Date.parse would take '2026-02-30' (as 2 March), PostgreSQL would not. */
const isCalendarDay = (v: string) => {
  const day = new Date(`${v}T00:00:00Z`);
  return v >= '0001' && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
};

/** A 'YYYY-MM-DD' calendar day, with `message` for anything else. */
export const isoDate = (message: string) =>
  z.string(message).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, message), z.refine(isCalendarDay, message));

const productFields = {
  name: z
    .string(productMessages.nameRequired)
    .check(z.trim(), z.minLength(1, productMessages.nameRequired), z.maxLength(200), singleLine()),
  description: z
    .string(productMessages.descriptionRequired)
    .check(
      z.trim(),
      z.minLength(1, productMessages.descriptionRequired),
      z.maxLength(PRODUCT_DESCRIPTION_MAX),
      multiLine(),
    ),
  start_date: isoDate(productMessages.startDateRequired),
  target_end_date: isoDate(productMessages.targetDateRequired),
  status: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
    z.enum(PRODUCT_STATUSES, productMessages.statusRequired),
  ),
  priority: z._default(z.enum(PRODUCT_PRIORITIES), 'medium'),
  team_size: z.pipe(
    z.coerce.number(productMessages.teamSizeMin),
    z.int(productMessages.teamSizeMin).check(z.minimum(1, productMessages.teamSizeMin), z.maximum(10_000)),
  ),
};

type Dates = { start_date?: string | undefined; target_end_date?: string | undefined };
const datesInOrder = z.refine<Dates>(
  (v) => !v.start_date || !v.target_end_date || v.target_end_date >= v.start_date,
  { error: productMessages.targetBeforeStart, path: ['target_end_date'] },
);

/** POST /api/projects. `created_by` is taken from the session, never from the body. */
export const CreateProductSchema = z.object(productFields).check(datesInOrder);
export type CreateProduct = z.infer<typeof CreateProductSchema>;
export type CreateProductInput = z.input<typeof CreateProductSchema>;

/** The product form: the create's fields and, when it edits a product, its key (issue 28). */
export const ProductFormSchema = z
  .object({ ...productFields, key: z.optional(ProductKeySchema) })
  .check(datesInOrder);

/** PATCH /api/projects/{id}: any of the create fields. No default here: an omitted priority stays as it is. */
export const UpdateProductSchema = z
  .partial(
    z.object({
      ...productFields,
      priority: z.enum(PRODUCT_PRIORITIES),
      key: ProductKeySchema,
      override: StageOverrideSchema,
    }),
  )
  .check(datesInOrder, notEmptyUpdate(['override']));
export type UpdateProduct = z.infer<typeof UpdateProductSchema>;

/** PATCH /api/projects/{id}/status, and where in the stage's column it was dropped (issue 28). */
export const ProductStatusUpdateSchema = z.object({
  status: productFields.status,
  ...placementFields,
  override: z.optional(StageOverrideSchema),
});
export type ProductStatusUpdate = z.infer<typeof ProductStatusUpdateSchema>;
/** PATCH /api/projects/{id}/archive: archive (true) or unarchive (false). */
export const ProductArchiveSchema = z.object({ archived: z.boolean() });
export type ProductArchive = z.infer<typeof ProductArchiveSchema>;
export const ProductIdParamsSchema = z.object({ id: z.uuid(productMessages.notFound) });

// ---- Activity (spec §3 Project activity entry, Activity log row; §7.5) ----

export const ACTIVITY_TYPES = [
  'prd_created',
  'product_updated',
  'status_changed',
  'progress_updated',
  'member_added',
  'team_member_added',
  'external_invitation_sent',
  'task_created',
  'task_status_updated',
  'task_completed',
  /** Edits other than a status change, and deletions, keep the task's history complete. */
  'task_updated',
  'task_deleted',
  'document_updated',
  'file_uploaded',
  'milestone_reached',
  'comment_added',
  'other',
  /** Written when a product is deleted; it keeps no product (the product's own entries go with it). */
  'product_deleted',
  /** Team changes (modules/teams); an invitation is 'member_added', its acceptance 'team_member_added'. */
  'team_created',
  'team_deleted',
  'team_lead_changed',
  'team_member_removed',
  /** A calendar event scheduled on the product (modules/events); it used to be written as 'other'. */
  'event_scheduled',
  /** A task or product made from a template (issue 29): the template's name is in the metadata. */
  'created_from_template',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * The types a client may post (POST /api/activities): notes. Every other type describes a change
 * and is written by the server with it; reports and analytics read only those (issue 13 #9).
 */
export const CLIENT_ACTIVITY_TYPES = ['comment_added', 'milestone_reached', 'other'] as const;
export type ClientActivityType = (typeof CLIENT_ACTIVITY_TYPES)[number];

/** Caps of a posted entry (docs/security.md): its metadata as serialized JSON, and its shape. */
export const ACTIVITY_METADATA_MAX_BYTES = 4096;
export const ACTIVITY_METADATA_MAX_DEPTH = 4;
export const ACTIVITY_METADATA_MAX_KEYS = 50;
export const ACTIVITY_DESCRIPTION_MAX = 1000;

export const activityMessages = {
  clientType: `Only these entries can be posted: ${CLIENT_ACTIVITY_TYPES.join(', ')}`,
  metadataTooLarge: `Metadata must be at most ${ACTIVITY_METADATA_MAX_BYTES} bytes of JSON, ${ACTIVITY_METADATA_MAX_DEPTH} levels deep, with at most ${ACTIVITY_METADATA_MAX_KEYS} keys`,
} as const;

export const ActivitySchema = z.object({
  _id: z.string(),
  id: z.string(),
  actionType: z.string(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  projectId: z.nullable(z.string()),
  /** The product's name, when the entry belongs to one. */
  productName: z.nullable(z.string()),
  /** The performer's user id; null shows as 'System'. */
  performedBy: z.nullable(z.string()),
  /** The task the entry is about while that task exists (its page opens from the entry). */
  taskId: z.optional(z.nullable(z.string())),
  performer: z.nullable(PersonRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const CreateActivitySchema = z.object({
  actionType: z.enum(CLIENT_ACTIVITY_TYPES, activityMessages.clientType),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Description is required'),
      z.maxLength(ACTIVITY_DESCRIPTION_MAX),
      multiLine(),
    ),
  projectId: z.uuid(productMessages.notFound),
  metadata: z._default(
    z.record(z.string(), z.unknown()).check(
      z.refine(
        (v) =>
          isBoundedJson(v, {
            maxBytes: ACTIVITY_METADATA_MAX_BYTES,
            maxDepth: ACTIVITY_METADATA_MAX_DEPTH,
            maxKeys: ACTIVITY_METADATA_MAX_KEYS,
          }),
        activityMessages.metadataTooLarge,
      ),
    ),
    {},
  ),
});
export type CreateActivity = z.infer<typeof CreateActivitySchema>;

/** GET /api/activities: the activity log (at most 100, newest first). */
export const ActivityLogQuerySchema = z.object({
  productId: z.optional(z.uuid(productMessages.notFound)),
  action: z.optional(z.string().check(z.maxLength(50), singleLine())),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200), singleLine())),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100))), 100),
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuerySchema>;

/**
 * The metadata keys a list of activity entries carries (spec §3's status and progress keys, which
 * the dashboard's Recent Activity draws); anything else stored stays out of lists (issue 13 #4).
 */
export const ACTIVITY_LIST_METADATA_KEYS = [
  'previousStatus',
  'newStatus',
  'progress',
  'progressUpdates',
  'priority',
  'status',
  'role',
] as const;

/** A row of the activity log: an entry whose metadata holds only ACTIVITY_LIST_METADATA_KEYS. */
const ActivityLogEntrySchema = ActivitySchema;
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;

export const ActivityListSchema = z.object({
  data: z.array(ActivityLogEntrySchema),
  /** How many entries match the filters, counted up to 10,000 (the list holds at most `limit`). */
  total: z.number(),
  /** More than `total` entries match: the screen says "10,000+". */
  totalCapped: z.optional(z.boolean()),
  /** The action types among the newest 5,000 entries the caller may see, for the action filter. */
  actionTypes: z.optional(z.array(z.string())),
});
export type ActivityList = z.infer<typeof ActivityListSchema>;

/** GET /api/projects/{id}: the product with its newest activity entries. */
export const ProductDetailSchema = z.extend(ProductSchema, {
  ...productExtras,
  activity_log: z.array(ActivitySchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** A row of GET /api/projects: the product with its LIST_ACTIVITY_LIMIT newest entries. */
export const ProductListItemSchema = z.extend(ProductSchema, {
  ...productExtras,
  activity_log: z.array(ActivitySchema),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ProductListSchema = z.object({
  data: z.array(ProductListItemSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

// ---- Dashboard (spec §2.8; captions computed, ARCHITECTURE §5) ----

export const DashboardSummarySchema = z.object({
  activeProjects: z.number(),
  teamMembers: z.number(),
  completedTasks: z.number(),
  pendingReviews: z.number(),
  /** Products created in the last 30 days (caption: change since last month). */
  activeProjectsNew: z.number(),
  /** Teams the members are spread over. */
  teams: z.number(),
  /** Tasks completed in the last 7 days, and in the 7 days before (caption: change since last week). */
  completedThisWeek: z.number(),
  completedLastWeek: z.number(),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

export const TeamOverviewItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.string(),
  lead: z.nullable(z.string()),
  members: z.number(),
  /** Up to 5 members, for the coloured dots. */
  sample: z.array(PersonRefSchema),
});
export type TeamOverviewItem = z.infer<typeof TeamOverviewItemSchema>;

// ---- Documents (the product's Documents tab, ARCHITECTURE §5) ----

export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

export const documentMessages = {
  fileMissing: 'Choose a file to upload.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The file must be at most 25 MB.',
  notFound: 'Document not found',
  forbidden: 'Guests cannot add or delete documents.',
  /** Task files (issue 15). */
  taskFileDeleteConfirm: (name: string) => `Delete "${name}"? This cannot be undone.`,
} as const;

export const DocumentSchema = z.object({
  _id: z.string(),
  id: z.string(),
  projectId: z.string(),
  /** The task it is attached to; null for the product's own documents (issue 15). */
  taskId: z.nullable(z.string()),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.nullable(PersonRefSchema),
  createdAt: z.string(),
});
export type ProductDocument = z.infer<typeof DocumentSchema>;
