import { isOccurrence } from '@shipyard/shared';
import ical, { foldLines, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { EventExceptionRow, EventRow } from '../../db/schema/index.ts';
import type { CalendarTaskRow } from './calendar.repository.ts';
import type { EventWithProduct, MilestoneRow } from './events.repository.ts';

// The personal feed as iCalendar (RFC 5545), written by ical-generator (escaping, line folding).
// Decision 017: stable UIDs per object, DTSTAMP and LAST-MODIFIED from its updated_at so that
// clients replace what changed; a day is an all-day VEVENT, a start time a floating one (the
// stored time has no zone: it means the same clock time wherever the reader is).

/** A timed event has no end in Shipyard; the feed gives it this long. */
const TIMED_EVENT_MINUTES = 60;
/** How often clients are asked to fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

export type FeedContent = {
  ownerName: string;
  events: EventWithProduct[];
  milestones: MilestoneRow[];
  tasks: CalendarTaskRow[];
  /** The changed and deleted dates of the repeating events among them. */
  exceptions: EventExceptionRow[];
};

/** Midnight UTC of a 'YYYY-MM-DD' day: ical-generator writes a date-only value from UTC fields. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(utcDay(day).getTime() + 24 * 60 * 60 * 1000);

/**
 * ical-generator writes a URL as text (`\;`, `\,`, `\\`), but its value is a URI (RFC 5545
 * §3.3.13), which has no escapes: a client would open another link (issue 27). The output is
 * unfolded, those three escapes undone on the URL lines only (a newline stays the two characters
 * `\n`, so no line can be injected), and folded again.
 */
function plainUris(ics: string): string {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return foldLines(
    unfolded.replace(
      /^(URL;VALUE=URI:)(.*)$/gm,
      (_, name: string, value: string) => name + value.replace(/\\([\\;,])/g, '$1'),
    ),
  );
}

const lines = (...parts: Array<string | null | undefined | false>) =>
  parts.filter((part): part is string => Boolean(part)).join('\n');

/** Midnight UTC of the day, or the floating time on it. */
const startOf = (day: string, startTime: string | null) =>
  startTime ? new Date(`${day}T${startTime.slice(0, 5)}:00Z`) : utcDay(day);
/** 'YYYYMMDD', or 'YYYYMMDDTHHMMSS' (floating) for a timed event. */
const icsDay = (day: string, startTime: string | null) =>
  day.replaceAll('-', '') + (startTime ? `T${startTime.slice(0, 5).replace(':', '')}00` : '');

type FeedEvent = Pick<
  EventRow,
  'title' | 'description' | 'date' | 'startTime' | 'status' | 'meetingLink' | 'updatedAt' | 'createdAt'
>;

/** A VEVENT's fields from an event, or from one date of a repeating event with its changes. */
function entry(event: FeedEvent, productName: string | null, appUrl: string) {
  const start = startOf(event.date, event.startTime);
  return {
    summary: event.title,
    description: lines(
      event.description,
      productName && `Product: ${productName}`,
      `Status: ${event.status}`,
      event.meetingLink && `Join: ${event.meetingLink}`,
    ),
    start,
    end: event.startTime ? new Date(start.getTime() + TIMED_EVENT_MINUTES * 60 * 1000) : nextDay(event.date),
    allDay: !event.startTime,
    floating: Boolean(event.startTime),
    status: event.status === 'Cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    url: event.meetingLink ?? `${appUrl}/calendar`,
    stamp: event.updatedAt,
    lastModified: event.updatedAt,
    created: event.createdAt,
  };
}

/** RRULE, then EXDATE for the dates deleted on their own (RFC 5545 §3.8.5.1). */
function repeatLines(event: EventRow, exceptions: EventExceptionRow[]): string {
  const rule = event.startTime
    ? (event.recurrence ?? '').replace(/UNTIL=(\d{8})(?!T)/, 'UNTIL=$1T235959')
    : (event.recurrence ?? '');
  const excluded = exceptions
    .filter((exception) => exception.cancelled)
    .map((exception) => icsDay(exception.occursOn, event.startTime));
  if (excluded.length === 0) return rule;
  return `RRULE:${rule}\r\nEXDATE${event.startTime ? '' : ';VALUE=DATE'}:${excluded.join(',')}`;
}

export function buildFeed(content: FeedContent, appUrl: string): string {
  const host = new URL(appUrl).hostname;
  const calendar = ical({
    name: `Shipyard — ${content.ownerName}`,
    description: 'Your Shipyard events, product target dates and tasks due.',
    prodId: { company: 'Shipyard', product: 'Calendar feed', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });

  const exceptionsOf = new Map<string, EventExceptionRow[]>();
  for (const exception of content.exceptions) {
    exceptionsOf.set(exception.eventId, [...(exceptionsOf.get(exception.eventId) ?? []), exception]);
  }
  for (const { event, productName } of content.events) {
    const id = `event-${event.id}@${host}`;
    const changed = (event.recurrence && exceptionsOf.get(event.id)) || [];
    const dates = changed.filter((exception) =>
      isOccurrence(event.recurrence ?? '', event.date, exception.occursOn),
    );
    calendar.createEvent({
      ...entry(event, productName, appUrl),
      id,
      // Repeating (issue 29): the rule as stored; UNTIL and EXDATE take DTSTART's form (a day, or a floating time).
      ...(event.recurrence && { repeating: repeatLines(event, dates) }),
    });
    // A date changed on its own: a VEVENT of the same UID naming the date it replaces (RECURRENCE-ID).
    for (const exception of dates) {
      if (exception.cancelled) continue;
      calendar.createEvent({
        ...entry(
          { ...event, ...exception.override, date: exception.override.date ?? exception.occursOn },
          productName,
          appUrl,
        ),
        id,
        recurrenceId: startOf(exception.occursOn, event.startTime),
        stamp: exception.updatedAt,
        lastModified: exception.updatedAt,
      });
    }
  }

  for (const product of content.milestones) {
    calendar.createEvent({
      id: `milestone-${product.id}@${host}`,
      summary: `${product.name} target date`,
      description: `Target end date of the product ${product.name}.`,
      start: utcDay(product.targetEndDate),
      end: nextDay(product.targetEndDate),
      allDay: true,
      url: `${appUrl}/products/${product.id}`,
      stamp: product.updatedAt,
      lastModified: product.updatedAt,
    });
  }

  for (const task of content.tasks) {
    const done = task.status === 'Completed';
    calendar.createEvent({
      id: `task-${task.id}@${host}`,
      summary: done ? `✓ ${task.title}` : `Due: ${task.title}`,
      description: lines(
        task.description,
        `Product: ${task.productName}`,
        `Status: ${task.status} · Priority: ${task.priority}`,
      ),
      start: utcDay(task.dueDate),
      end: nextDay(task.dueDate),
      allDay: true,
      // A due date blocks no time.
      transparency: ICalEventTransparency.TRANSPARENT,
      url: `${appUrl}/tasks/${task.id}`,
      stamp: task.updatedAt,
      lastModified: task.updatedAt,
      created: task.createdAt,
    });
  }

  return plainUris(calendar.toString());
}
