import type { productMessages, trashMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The spec's texts (packages/shared) that the products screens show, marked for translation and
// shown with t(); `satisfies` keeps each one the very text shared holds.

export const productTexts = {
  created: k('Product Created'),
  createFailed: k('Failed to create product'),
  updated: k('Product updated'),
  updateFailed: k('Failed to update product'),
  statusUpdated: k('Product status updated'),
  statusUpdateFailed: k('Failed to update product status'),
  archivedToast: k('Product archived'),
  unarchivedToast: k('Product unarchived'),
  archiveFailed: k('Failed to archive product'),
  deleted: k('Product deleted'),
  deleteFailed: k('Failed to delete product'),
  notFound: k('Product not found'),
} as const satisfies Partial<typeof productMessages>;

export const trashTexts = {
  restoreFailed: k('Could not restore'),
} as const satisfies Partial<typeof trashMessages>;
