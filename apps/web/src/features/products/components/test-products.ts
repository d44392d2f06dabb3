import type { Product, ProductList } from '@shipyard/shared';

// Products as GET /api/projects answers them, for this feature's list and board tests.

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 'p-1';
  return {
    id,
    _id: id,
    name: 'Apollo',
    description: 'A moon lander for the rest of us.',
    status: 'planning',
    priority: 'medium',
    team_size: 4,
    progress: 40,
    start_date: '2025-01-15',
    target_end_date: '2025-12-31',
    created_by: 'u-1',
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function productList(data: Product[], overrides: Partial<ProductList> = {}): ProductList {
  return { data, total: data.length, page: 1, limit: 20, ...overrides };
}
