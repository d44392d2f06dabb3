import type { CalendarEvent, EventList, ProductMilestone, Role } from '@shipyard/shared';

export const PRODUCT_ID = '6f1c2a3b-4d5e-4f60-8a7b-8c9d0e1f2a3b';
export const EVENT_ID = '0d6d3f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f';
export const VIEWER: { id: string; role: Role } = { id: 'u-1', role: 'member' };

export function makeEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    source: 'event',
    id: EVENT_ID,
    title: 'Design review',
    description: 'Walk through the new onboarding.',
    date: '2026-05-04',
    startTime: '09:30',
    type: 'review',
    status: 'Planning',
    meetingLink: null,
    participants: [],
    productId: null,
    productName: null,
    createdBy: VIEWER.id,
    canEdit: true,
    createdAt: '2026-04-01T10:00:00.000Z',
    updatedAt: '2026-04-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMilestone(overrides: Partial<ProductMilestone> = {}): ProductMilestone {
  const productId = overrides.productId ?? PRODUCT_ID;
  return {
    source: 'product',
    id: `product-${productId}`,
    title: 'Apollo target date',
    description: '',
    date: '2026-05-20',
    startTime: null,
    type: 'milestone',
    status: 'Development',
    meetingLink: null,
    participants: [],
    productId,
    productName: 'Apollo',
    createdBy: 'u-2',
    canEdit: false,
    ...overrides,
  };
}

export function makeEventList(
  data: EventList['data'],
  range = { from: '2026-04-26', to: '2026-06-06' },
): EventList {
  return { data, ...range, hasMore: false };
}

type HappyDomWindow = { happyDOM?: { setViewport: (size: { width: number; height: number }) => void } };

/**
 * A phone's viewport (390 px) until the returned function restores happy-dom's 1024 px: the page
 * shows the small month picker there, the big grid from 1024 px up. For `beforeEach`.
 */
export function phoneViewport() {
  const dom = (window as unknown as HappyDomWindow).happyDOM;
  dom?.setViewport({ width: 390, height: 844 });
  return () => dom?.setViewport({ width: 1024, height: 768 });
}
