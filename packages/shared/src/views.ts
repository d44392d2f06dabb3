import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { TaskDisplaySchema, TaskQuerySchema } from './task-query.ts';
import { singleLine } from './text.ts';

// Saved views (issue 28): a name plus the /tasks URL's query (filters, sort, grouping) and the
// list's display options; personal (its owner's) or shared with those who see a product. Pinned
// ones show in the sidebar with how many tasks match for whoever looks.

export const VIEW_NAME_MAX = 80;
/** The stored query: the /tasks URL's query string, without its '?'. */
export const VIEW_QUERY_MAX = 2_000;
/** Views one person may own. */
export const VIEWS_PER_PERSON_MAX = 100;
/** Views one person may pin. */
export const VIEW_PINS_MAX = 20;

export const VIEW_SCOPES = ['personal', 'shared'] as const;
export type ViewScope = (typeof VIEW_SCOPES)[number];

export const viewMessages = {
  nameRequired: 'Name the view.',
  nameTooLong: `A view name must be at most ${VIEW_NAME_MAX} characters.`,
  queryTooLong: `A view's filters must be at most ${VIEW_QUERY_MAX} characters.`,
  scope: 'Scope must be personal or shared.',
  productRequired: 'Choose the product a shared view is shared with.',
  productNotShared: 'Only a shared view belongs to a product.',
  notFound: 'View not found',
  tooMany: `You may have at most ${VIEWS_PER_PERSON_MAX} views.`,
  tooManyPins: `You may pin at most ${VIEW_PINS_MAX} views.`,
  guestShared: 'Guests can save personal views only.',
  editForbidden: 'Only the view’s owner or whoever manages its product can change it.',
  scopeForbidden: 'Only the view’s owner can change whom it is shared with.',
  saved: 'View saved',
  updated: 'View updated',
  deleted: 'View deleted',
  saveFailed: 'Failed to save the view',
  deleteFailed: 'Failed to delete the view',
  pinFailed: 'Failed to pin the view',
  deleteConfirm: (name: string) => `Delete the view "${name}"? Everyone it is shared with loses it.`,
} as const;

/** A query string as its parameters: a key given twice (or more) becomes a list. */
export function queryParams(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replaceAll('+', ' '));
    } catch {
      return s;
    }
  };
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decode(pair.slice(at + 1));
    const had = out[key];
    out[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The /tasks URL's older names as the task query's: `product` (one product id) is `productId`, and
 * `label` holding a label's id (the product Tasks tab's and the /tasks page's before issue 28) is
 * `labelId`; `label` holding names stays `label`. Saved and bookmarked links keep counting right.
 */
function withQueryNames(params: Record<string, string | string[]>) {
  const out = { ...params };
  if (typeof out.product === 'string' && out.productId === undefined) out.productId = out.product;
  delete out.product;
  if (typeof out.label === 'string' && UUID.test(out.label) && out.labelId === undefined) {
    out.labelId = out.label;
    delete out.label;
  }
  return out;
}

/** The stored query string read as the task query every list takes (the same parse as GET /tasks). */
export const parseViewQuery = (query: string) =>
  TaskQuerySchema.safeParse(withQueryNames(queryParams(query)));

const name = z
  .string(viewMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, viewMessages.nameRequired),
    z.maxLength(VIEW_NAME_MAX, viewMessages.nameTooLong),
    singleLine(),
  );

/** The query string, valid as a task query: its first problem is the 400's message. */
const query = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().replace(/^\?/, '') : v)),
  z.string().check(
    z.maxLength(VIEW_QUERY_MAX, viewMessages.queryTooLong),
    z.superRefine((value, ctx) => {
      const parsed = parseViewQuery(value);
      if (parsed.success) return;
      const message = parsed.error.issues[0]?.message ?? 'Invalid filters';
      ctx.issues.push({ code: 'custom', message, input: value });
    }),
  ),
);

const scope = z.enum(VIEW_SCOPES, viewMessages.scope);
const productId = z.nullable(z.uuid(viewMessages.productRequired));

/** A shared view names its product; a personal one none. */
const productMatchesScope = () =>
  z.superRefine((v: { scope?: ViewScope | undefined; productId?: string | null | undefined }, ctx) => {
    if (v.scope === 'shared' && !v.productId) {
      ctx.issues.push({
        code: 'custom',
        message: viewMessages.productRequired,
        input: v,
        path: ['productId'],
      });
    }
    if (v.scope === 'personal' && v.productId) {
      ctx.issues.push({
        code: 'custom',
        message: viewMessages.productNotShared,
        input: v,
        path: ['productId'],
      });
    }
  });

/** POST /api/views. */
export const CreateViewSchema = z
  .object({
    name,
    query: z._default(query, ''),
    display: z._default(TaskDisplaySchema, TaskDisplaySchema.parse({})),
    scope: z._default(scope, 'personal'),
    productId: z._default(productId, null),
    /** Pin it to the saver's sidebar at once (at most 20 pins: 409, nothing saved). */
    pinned: z._default(z.boolean(), false),
  })
  .check(productMatchesScope());
export type CreateView = z.infer<typeof CreateViewSchema>;
export type CreateViewInput = z.input<typeof CreateViewSchema>;

/** PATCH /api/views/{id}: rename, new filters or display, or whom it is shared with. */
export const UpdateViewSchema = z
  .object({
    name: z.optional(name),
    query: z.optional(query),
    display: z.optional(TaskDisplaySchema),
    scope: z.optional(scope),
    productId: z.optional(productId),
  })
  .check(notEmptyUpdate());
export type UpdateView = z.infer<typeof UpdateViewSchema>;
export type UpdateViewInput = z.input<typeof UpdateViewSchema>;

export const ViewIdParamsSchema = z.object({ id: z.uuid(viewMessages.notFound) });

/** A view as its reader sees it: `count` tasks match for them now; `canEdit` they may change or delete it. */
export const SavedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  display: TaskDisplaySchema,
  scope: scope,
  product: z.nullable(z.object({ id: z.string(), name: z.string() })),
  owner: z.object({ id: z.string(), name: z.string() }),
  pinned: z.boolean(),
  canEdit: z.boolean(),
  count: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

/** GET /api/views: mine and the shared views of products I see, pinned first, then by name. */
export const SavedViewListSchema = z.object({ data: z.array(SavedViewSchema) });
export type SavedViewList = z.infer<typeof SavedViewListSchema>;
