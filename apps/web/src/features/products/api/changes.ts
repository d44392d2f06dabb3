import type { ChangeEvent } from '@shipyard/shared';
import { productOptionsKey } from '../../../lib/product-options.ts';
import { type ChangeListener, ofProduct, prefix, type Target } from '../../../lib/realtime-changes.ts';
import {
  productActivitiesKey,
  productDetailKey,
  productDocumentsKey,
  productKeys,
  recentProductsKey,
} from './keys.ts';

const lists = prefix(productKeys.lists);
/** The sidebar's recent products and the product pickers: names, and which products one sees. */
const names = [prefix(recentProductsKey), prefix(productOptionsKey)];

/** Its page (members, team size, progress, newest entries), its timeline and the table's columns. */
const pageOf = ({ productId }: ChangeEvent): Target[] => [
  ofProduct(productDetailKey, productId),
  ofProduct(productActivitiesKey, productId),
  lists,
];

export const productChanges: ChangeListener = {
  on: {
    task: pageOf,
    product: ({ op, id, productId }) => {
      const product = productId ?? id;
      return [
        lists,
        ...names,
        prefix(productDetailKey(product)),
        prefix(productActivitiesKey(product)),
        ...(op === 'deleted' ? [prefix(productDocumentsKey(product))] : []),
      ];
    },
    team: pageOf,
    // A membership may give or take away a whole product (a 404 then shows on its page).
    member: (change) => [...pageOf(change), ...names],
    event: ({ productId }) => (productId ? [prefix(productActivitiesKey(productId))] : []),
    document: ({ productId }) => [
      ofProduct(productDocumentsKey, productId),
      ofProduct(productActivitiesKey, productId),
      ofProduct(productDetailKey, productId),
    ],
    comment: ({ productId }) => [ofProduct(productActivitiesKey, productId)],
    activity: ({ productId }) => [
      ofProduct(productActivitiesKey, productId),
      // The product page's overview shows its newest entries.
      ofProduct(productDetailKey, productId),
    ],
  },
};
