import type { ProductList, ProductListItem } from '@shipyard/shared';

// Products as GET /api/projects answers them, for this feature's list and board tests.

export function makeProduct(overrides: Partial<ProductListItem> = {}): ProductListItem {
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
    archived_at: null,
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    creator: { _id: 'u-1', name: 'Ada Lovelace', avatar_url: null },
    active_members: 2,
    activity_log: [],
    ...overrides,
  };
}

export function productList(data: ProductListItem[], overrides: Partial<ProductList> = {}): ProductList {
  return { data, total: data.length, page: 1, limit: 20, ...overrides };
}
