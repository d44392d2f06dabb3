import type { ProductList, ProductListItem } from '@shipyard/shared';

// Products as GET /api/projects answers them, for this feature's list and board tests.

export function productList(data: ProductListItem[], overrides: Partial<ProductList> = {}): ProductList {
  return { data, total: data.length, page: 1, limit: 20, ...overrides };
}
