import { z } from 'zod/mini';

// The trash (issue 28, docs/decisions/034-trash.md): deleted tasks and products, restorable by
// whoever manages the product for TRASH_DAYS days, then purged.

/** How long a deleted task or product stays restorable before the purge. */
export const TRASH_DAYS = 30;

export const TRASH_KINDS = ['task', 'product'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export const trashMessages = {
  notFound: 'Not in the trash',
  kindUnknown: 'Kind must be task or product.',
  forbidden: 'Only whoever manages the product can restore or delete what is in its trash.',
  productInTrash: 'Its product is in the trash: restore the product to bring this task back.',
  restored: 'Restored',
  purged: 'Deleted forever',
  title: 'Trash',
  empty: 'The trash is empty.',
  restoreFailed: 'Could not restore',
  purgeFailed: 'Could not delete',
  purgeConfirmTitle: 'Delete forever?',
  purgeConfirm: (name: string) =>
    `"${name}" and everything in it (comments, checklist, files, history) will be deleted. This cannot be undone.`,
} as const;

export const TrashParamsSchema = z.object({
  kind: z.enum(TRASH_KINDS, trashMessages.kindUnknown),
  id: z.uuid(trashMessages.notFound),
});

const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const TrashItemSchema = z.object({
  kind: z.enum(TRASH_KINDS),
  id: z.string(),
  /** A task's title or a product's name. */
  name: z.string(),
  productId: z.string(),
  productName: z.string(),
  deletedAt: z.string(),
  deletedBy: z.nullable(PersonSchema),
  /** When the purge takes it: deletedAt + TRASH_DAYS. */
  purgeAt: z.string(),
  /** A task deleted while its product is in the trash comes back with the product only. */
  productInTrash: z.boolean(),
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const TrashQuerySchema = z.object({
  /** Only this product's tasks (the product page's link). */
  productId: z.optional(z.uuid()),
});
export type TrashQuery = z.infer<typeof TrashQuerySchema>;

export const TrashListSchema = z.object({ data: z.array(TrashItemSchema) });
export type TrashList = z.infer<typeof TrashListSchema>;
