import {
  type CalendarEvent,
  canEditEvent,
  datesBetween,
  milestoneStatusOf,
  type ProductMilestone,
  RECURRENCE_EXPAND_MAX,
} from '@shipyard/shared';
import type { Viewer } from '../../lib/visibility.ts';
import type { EventWithProduct, MilestoneRow } from './events.repository.ts';

/** The API's event (spec §3 Event), with what the card shows and whether the caller may change it. */
export function toEvent(
  { event, productName }: EventWithProduct,
  viewer: Viewer,
  /** One day a repeating event falls on (issue 29): shown on that day, edited as the series. */
  occursOn?: string,
): CalendarEvent {
  return {
    source: 'event',
    id: event.id,
    title: event.title,
    description: event.description,
    date: occursOn ?? event.date,
    ...(event.recurrence && { recurrence: event.recurrence }),
    ...(occursOn !== undefined && { seriesDate: event.date }),
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

/**
 * The events of a range as the calendar shows them: a repeating one once on each day it falls on
 * in the range (its first day too, as RFC 5545 counts DTSTART), RECURRENCE_EXPAND_MAX days at most.
 */
export function eventsInRange(
  rows: EventWithProduct[],
  viewer: Viewer,
  range: { from: string; to: string },
): CalendarEvent[] {
  const items: CalendarEvent[] = [];
  for (const row of rows) {
    const { date, recurrence } = row.event;
    if (!recurrence) {
      items.push(toEvent(row, viewer));
      continue;
    }
    const days = datesBetween(
      recurrence,
      date,
      date > range.from ? date : range.from,
      range.to,
      RECURRENCE_EXPAND_MAX,
    );
    if (date >= range.from && days[0] !== date) days.unshift(date);
    for (const day of days.slice(0, RECURRENCE_EXPAND_MAX)) items.push(toEvent(row, viewer, day));
  }
  return items;
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
