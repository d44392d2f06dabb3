// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.

export { productDetailKey } from './get-product.ts';
export { productActivitiesKey } from './get-product-activities.ts';
export { productDocumentsKey } from './get-product-documents.ts';
export { productKeys } from './get-products.ts';
export { recentProductsKey } from './get-recent-products.ts';
