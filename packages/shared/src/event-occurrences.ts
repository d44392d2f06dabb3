import { z } from 'zod/mini';
import { eventMessages, isCalendarDay } from './events.ts';
import { datesBetween } from './recurrence.ts';

// One date of a repeating event changed or deleted on its own (issue 29,
// docs/decisions/042-event-exceptions.md): "This event" keeps an exception of the series keyed by
// the occurrence's own day (RECURRENCE-ID) — an override of some fields, or cancelled (EXDATE);
// "This and following" ends the series the day before (UNTIL) and, for an edit, starts a new
// series there; "All events" is PATCH or DELETE /api/events/{id}.

/** What an edit or a delete of one date of a repeating event applies to. */
export const EVENT_SCOPES = ['this', 'following', 'all'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];

/** Changed or deleted dates a series keeps at most. */
export const EVENT_EXCEPTIONS_MAX = 500;

/** The fields one date may change on its own: the repeat, product and participants are the series'. */
export const OCCURRENCE_FIELDS = [
  'title',
  'description',
  'date',
  'startTime',
  'type',
  'status',
  'meetingLink',
] as const;

export const occurrenceMessages = {
  notRecurring: 'This event does not repeat.',
  notAnOccurrence: 'This date is not an occurrence of the event.',
  scopeInvalid: 'Choose this event or this and following events.',
  tooMany: `A repeating event may have at most ${EVENT_EXCEPTIONS_MAX} changed or deleted dates.`,
  seriesOnly:
    'The repeat, product and participants change for this and following events or all events, not one date.',
  editTitle: 'Edit repeating event',
  deleteTitle: 'Delete repeating event',
  editQuestion: 'Which dates of this event do you want to change?',
  deleteQuestion: 'Which dates of this event do you want to delete?',
  scopes: { this: 'This event', following: 'This and following events', all: 'All events' },
} as const;

/** /api/events/{id}/occurrences/{date}: the series and the occurrence's own day. */
export const OccurrenceParamsSchema = z.object({
  id: z.uuid(eventMessages.notFound),
  date: z.string(eventMessages.dateInvalid).check(z.refine(isCalendarDay, eventMessages.dateInvalid)),
});

/** `?scope=this|following` ("All events" is the event's own route). */
export const OccurrenceScopeQuerySchema = z.object({
  scope: z.enum(['this', 'following'], occurrenceMessages.scopeInvalid),
});
export type OccurrenceScope = z.infer<typeof OccurrenceScopeQuerySchema>['scope'];

/** Whether the series starting on `startsOn` with `rule` falls on `day` (its first day always does). */
export function isOccurrence(rule: string, startsOn: string, day: string): boolean {
  if (day === startsOn) return true;
  return day > startsOn && datesBetween(rule, startsOn, day, day, 1).length === 1;
}
