import type { SavedView } from '@shipyard/shared';

const display = {
  density: 'comfortable' as const,
  properties: ['key' as const, 'status' as const],
  preview: false,
};

/** A saved view as GET /api/views answers it: Mia's personal "My open work", 3 tasks. */
export function makeView(overrides: Partial<SavedView> = {}): SavedView {
  return {
    id: 'v-1',
    name: 'My open work',
    query: 'status=Pending',
    display,
    scope: 'personal',
    product: null,
    owner: { id: 'u-1', name: 'Mia' },
    pinned: false,
    canEdit: true,
    count: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
