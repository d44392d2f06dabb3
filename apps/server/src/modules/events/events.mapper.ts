import { type CalendarEvent, canEditEvent, milestoneStatusOf, type ProductMilestone } from '@shipyard/shared';
import type { Viewer } from '../../lib/visibility.ts';
import type { EventWithProduct, MilestoneRow } from './events.repository.ts';

/** The API's event (spec §3 Event), with what the card shows and whether the caller may change it. */
export function toEvent({ event, productName }: EventWithProduct, viewer: Viewer): CalendarEvent {
  return {
    source: 'event',
    id: event.id,
    title: event.title,
    description: event.description,
    date: event.date,
    // PostgreSQL answers 'HH:MM:SS'; the calendar works in minutes.
    startTime: event.startTime?.slice(0, 5) ?? null,
    type: event.type,
    status: event.status,
    meetingLink: event.meetingLink,
    participants: event.participants,
    productId: event.productId,
    productName,
    createdBy: event.createdBy,
    canEdit: canEditEvent(viewer, event),
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  };
}

/** A product's target end date as a read-only calendar item. */
export function toMilestone(product: MilestoneRow): ProductMilestone {
  return {
    source: 'product',
    id: `product-${product.id}`,
    title: `${product.name} target date`,
    description: '',
    date: product.targetEndDate,
    startTime: null,
    type: 'milestone',
    status: milestoneStatusOf(product.status),
    meetingLink: null,
    participants: [],
    productId: product.id,
    productName: product.name,
    createdBy: product.createdBy,
    canEdit: false,
  };
}
