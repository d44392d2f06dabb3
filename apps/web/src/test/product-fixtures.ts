import type { Activity, ProductDetail, ProductDocument, ProductListItem } from '@shipyard/shared';

/** An activity entry as the API answers it. */
export function makeActivity(overrides: Partial<Activity> = {}): Activity {
  const id = overrides.id ?? overrides._id ?? 'a-1';
  return {
    _id: id,
    id,
    actionType: 'status_changed',
    description: 'Moved to development',
    metadata: {},
    projectId: 'p-1',
    productName: 'Apollo',
    performedBy: 'u-2',
    performer: { _id: 'u-2', name: 'Grace Hopper', avatar_url: null },
    createdAt: '2025-03-05T14:07:00.000Z',
    updatedAt: '2025-03-05T14:07:00.000Z',
    ...overrides,
  };
}

/** A row of GET /api/projects as the API answers it. */
export function makeProduct(overrides: Partial<ProductListItem> = {}): ProductListItem {
  const id = overrides.id ?? 'p-1';
  return {
    id,
    _id: id,
    name: 'Apollo',
    key: 'APO',
    rank: 'a0',
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
    stage_entered_at: '2025-01-10T09:00:00.000Z',
    creator: { _id: 'u-1', name: 'Ada Lovelace', avatar_url: null },
    active_members: 2,
    activity_log: [],
    ...overrides,
  };
}

/** GET /api/projects/{id} as the API answers it: a product under way. */
export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return makeProduct({ status: 'development', updatedAt: '2025-03-05T14:07:00.000Z', ...overrides });
}

/** A stored document as the API answers it. */
export function makeDocument(overrides: Partial<ProductDocument> = {}): ProductDocument {
  const id = overrides.id ?? overrides._id ?? 'd-1';
  return {
    _id: id,
    id,
    projectId: 'p-1',
    taskId: null,
    name: 'spec.pdf',
    contentType: 'application/pdf',
    size: 1536,
    uploadedBy: { _id: 'u-1', name: 'Ada Lovelace', avatar_url: null },
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/projects?limit=200 as the product pickers load it (lib/product-options.ts), which read id and name. */
export const productOptionsPage = (...products: Array<{ id: string; name: string }>) => ({
  data: products,
  total: products.length,
  page: 1,
  limit: 200,
});
