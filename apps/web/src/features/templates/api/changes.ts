import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { templateKeys } from './keys.ts';

/**
 * Templates (issue 29): a product's task template saved, changed or deleted elsewhere (to those
 * who see the product), a product template (to everyone); a product's change may take its
 * templates out of sight (trash).
 */
export const templateChanges: ChangeListener = {
  on: {
    template: ({ productId }) => [
      productId ? prefix(templateKeys.ofProduct(productId)) : prefix(templateKeys.products),
    ],
    product: ({ id }) => [prefix(templateKeys.ofProduct(id))],
  },
};
