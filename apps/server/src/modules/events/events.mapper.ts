import {
  type CalendarEvent,
  canEditEvent,
  datesBetween,
  isOccurrence,
  milestoneStatusOf,
  type ProductMilestone,
  RECURRENCE_EXPAND_MAX,
} from '@shipyard/shared';
import type { EventExceptionRow, EventOverride } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/visibility.ts';
import type { EventWithProduct, MilestoneRow } from './events.repository.ts';

/** The API's event (spec §3 Event), with what the card shows and whether the caller may change it. */
export function toEvent(
  { event, productName }: EventWithProduct,
  viewer: Viewer,
  /** One day a repeating event falls on (issue 29): shown on that day, edited as the series. */
  occursOn?: string,
  /** What that day changes on its own (docs/decisions/042-event-exceptions.md). */
  override: EventOverride = {},
): CalendarEvent {
  return {
    source: 'event',
    id: event.id,
    title: override.title ?? event.title,
    description: override.description ?? event.description,
    date: override.date ?? occursOn ?? event.date,
    ...(event.recurrence && { recurrence: event.recurrence }),
    ...(occursOn !== undefined && { seriesDate: event.date, occurrenceDate: occursOn }),
    // PostgreSQL answers 'HH:MM:SS'; the calendar works in minutes.
    startTime: (override.startTime !== undefined ? override.startTime : event.startTime)?.slice(0, 5) ?? null,
    type: override.type ?? event.type,
    status: override.status ?? event.status,
    meetingLink: override.meetingLink !== undefined ? override.meetingLink : event.meetingLink,
    participants: event.participants,
    productId: event.productId,
    productName,
    createdBy: event.createdBy,
    canEdit: canEditEvent(viewer, event),
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  };
}

/** The exceptions of each series, by the day the rule gives them. */
function byEventAndDay(exceptions: EventExceptionRow[]): Map<string, Map<string, EventExceptionRow>> {
  const found = new Map<string, Map<string, EventExceptionRow>>();
  for (const exception of exceptions) {
    const days = found.get(exception.eventId) ?? new Map<string, EventExceptionRow>();
    days.set(exception.occursOn, exception);
    found.set(exception.eventId, days);
  }
  return found;
}

/**
 * The events of a range as the calendar shows them: a repeating one once on each day it falls on
 * in the range (its first day too, as RFC 5545 counts DTSTART), RECURRENCE_EXPAND_MAX days at most;
 * a cancelled date is left out and a changed one shows its changes on its own (maybe moved) day.
 * An exception on a day the rule no longer gives (the series was changed since) is ignored.
 */
export function eventsInRange(
  rows: EventWithProduct[],
  viewer: Viewer,
  range: { from: string; to: string },
  exceptions: EventExceptionRow[] = [],
): CalendarEvent[] {
  const exceptionsOf = byEventAndDay(exceptions);
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
    const changed = exceptionsOf.get(row.event.id);
    for (const day of days.slice(0, RECURRENCE_EXPAND_MAX)) {
      if (!changed?.has(day)) items.push(toEvent(row, viewer, day));
    }
    for (const exception of changed?.values() ?? []) {
      if (exception.cancelled || !isOccurrence(recurrence, date, exception.occursOn)) continue;
      const shownOn = exception.override.date ?? exception.occursOn;
      if (shownOn >= range.from && shownOn <= range.to) {
        items.push(toEvent(row, viewer, exception.occursOn, exception.override));
      }
    }
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
