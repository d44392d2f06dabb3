import { t } from '../../../lib/i18n/index.ts';
// The product filter of spec §2.16: checkboxes with an 'All Products' option. A selection is the
// list of picked product ids; the empty list is 'All Products'. Picking a product clears 'all'
// (the list is no longer empty); unticking the last one returns to 'all' (the list empties).

export type ProductSelection = readonly string[];

export const ALL_PRODUCTS: ProductSelection = [];

export const isAllProducts = (selection: ProductSelection) => selection.length === 0;

/** 'All Products' ticked: every product. Unticking it while it is the only choice keeps it. */
export function toggleAllProducts(selection: ProductSelection, checked: boolean): ProductSelection {
  return checked ? ALL_PRODUCTS : selection;
}

/** A product ticked joins the selection (leaving 'all'); unticked, it leaves it (the last: 'all'). */
export function toggleProduct(selection: ProductSelection, id: string, checked: boolean): ProductSelection {
  if (checked) return selection.includes(id) ? selection : [...selection, id];
  return selection.filter((picked) => picked !== id);
}

/** The filter button's text: 'All Products', the product's name, or 'N products'. */
export function selectionLabel(selection: ProductSelection, names: ReadonlyMap<string, string>): string {
  if (isAllProducts(selection)) return t('All Products');
  if (selection.length === 1) return names.get(selection[0] ?? '') ?? t('{{count}} products', { count: 1 });
  return t('{{count}} products', { count: selection.length });
}
