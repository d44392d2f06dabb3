import type { calendarMessages, EventStatus, eventMessages, occurrenceMessages } from '@shipyard/shared';
import { k, t } from '../../../lib/i18n/index.ts';

// The spec's texts (packages/shared) that the calendar shows, marked for translation and shown
// with t(); `satisfies` keeps each one the very text shared holds.

export const eventTexts = {
  created: k('Event created successfully'),
  createFailed: k('Failed to create event'),
  loading: k('Loading events...'),
  upcoming: k('Upcoming Events'),
  empty: k('No events scheduled'),
  emptyDay: k('No events scheduled for this date'),
  addEvent: k('Add Event'),
  joinMeeting: k('Join Meeting'),
  updated: k('Event updated successfully'),
  updateFailed: k('Failed to update event'),
  deletedToast: k('Event deleted successfully'),
  deleteFailed: k('Failed to delete event'),
  loadFailed: k('Failed to load events'),
} as const satisfies Partial<typeof eventMessages>;

/** Spec §2.13 'N event(s) scheduled' (eventMessages.scheduled), in the reader's language. */
export const scheduledText = (n: number) => t('{{count}} events scheduled', { count: n });

export const occurrenceTexts = {
  editTitle: k('Edit repeating event'),
  deleteTitle: k('Delete repeating event'),
  editQuestion: k('Which dates of this event do you want to change?'),
  deleteQuestion: k('Which dates of this event do you want to delete?'),
  scopes: { this: k('This event'), following: k('This and following events'), all: k('All events') },
} as const satisfies Partial<typeof occurrenceMessages>;

export const feedTexts = {
  feedCreated: k('Calendar feed created'),
  feedRegenerated: k('Calendar feed regenerated: the old address no longer works'),
  feedTurnedOff: k('Calendar feed turned off'),
  feedCreateFailed: k('Could not create the calendar feed'),
  feedTurnOffFailed: k('Could not turn off the calendar feed'),
} as const satisfies Partial<typeof calendarMessages>;

/** The event statuses' names, translated where shown (the stored value stays English). */
export const eventStatusNames = {
  Planning: k('Planning'),
  Development: k('Development'),
  Testing: k('Testing'),
  Production: k('Production'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
  Cancelled: k('Cancelled'),
} as const satisfies Record<EventStatus, EventStatus>;
