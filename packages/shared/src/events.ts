import { z } from 'zod/mini';
import { validationMessages } from './messages.ts';
import { isAdmin, type Role } from './permissions.ts';
import { productMessages } from './products.ts';
import { OptionalRuleSchema } from './recurrence.ts';
import { multiLine, singleLine } from './text.ts';

// Calendar events (spec §2.13, §3 Event, §4 Event status, §5 Event, §7.5, §8.2 Event, §9).

export const EVENT_TYPES = ['meeting', 'milestone', 'review', 'workshop', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Spec §4: the statuses an event may be created with. */
export const EVENT_CREATE_STATUSES = ['Planning', 'Development', 'Testing', 'Production'] as const;
/** Spec §4: the badge palette also knows these; an edit may set them. */
export const EVENT_STATUSES = [...EVENT_CREATE_STATUSES, 'In Progress', 'Completed', 'Cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Spec §9. */
export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 500;
/** Ours: an invitation list, not a mailing list. */
export const EVENT_PARTICIPANTS_MAX = 50;
export const EVENT_MEETING_LINK_MAX = 2048;
/** The widest window GET /api/events answers (a year and a month, with room for a month grid). */
export const EVENT_RANGE_MAX_DAYS = 400;
export const EVENT_LIST_LIMIT_DEFAULT = 500;
export const EVENT_LIST_LIMIT_MAX = 1000;

export const eventMessages = {
  // Spec §5, §8.2, §2.13: copied exactly.
  titleRequired: 'Title is required',
  titleTooLong: 'Title too long',
  descriptionTooLong: 'Description too long',
  invalidUrl: 'Invalid URL',
  created: 'Event created successfully',
  createFailed: 'Failed to create event',
  loading: 'Loading events...',
  upcoming: 'Upcoming Events',
  empty: 'No events scheduled',
  emptyDay: 'No events scheduled for this date',
  scheduled: (n: number) => `${n} ${n === 1 ? 'event' : 'events'} scheduled`,
  addEvent: 'Add Event',
  joinMeeting: 'Join Meeting',
  // Ours: where the spec names no text.
  dateRequired: 'Date is required',
  dateInvalid: 'Please enter a valid date.',
  timeInvalid: 'Please enter a valid time.',
  typeRequired: 'Please select an event type.',
  statusRequired: 'Please select a status.',
  statusOnCreate: 'A new event’s status is Planning, Development, Testing or Production.',
  participantInvalid: (value: string) => `${validationMessages.invalidEmail}: ${value}`,
  tooManyParticipants: `At most ${EVENT_PARTICIPANTS_MAX} participants`,
  rangeOrder: 'The end of the range must be on or after its start.',
  rangeTooLong: `The range may span at most ${EVENT_RANGE_MAX_DAYS} days.`,
  notFound: 'Event not found',
  readOnly: 'Guests cannot schedule or change events.',
  forbidden: 'Only the event’s creator or an admin can change it.',
  deleted: 'Event deleted',
  updated: 'Event updated successfully',
  updateFailed: 'Failed to update event',
  deletedToast: 'Event deleted successfully',
  deleteFailed: 'Failed to delete event',
  loadFailed: 'Failed to load events',
} as const;

// ---- Calendar days: 'YYYY-MM-DD' strings, never shifted through a time zone ----

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Whether `value` is a real 'YYYY-MM-DD' day ('2026-02-30' is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001') return false;
  const day = utcDay(value);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** The day `n` days after `day` (before, when negative). */
export function addCalendarDays(day: string, n: number): string {
  return new Date(utcDay(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day, negative when `to` comes first). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);
}

// ---- Field schemas ----

const lowerTrim = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
/** '' and null both mean "none" for the optional fields. */
const emptyToNull = (v: unknown) => {
  const value = typeof v === 'string' ? v.trim() : v;
  return value === '' || value === undefined ? null : value;
};

const statusByKey = new Map<string, EventStatus>(
  EVENT_STATUSES.map((status) => [status.toLowerCase(), status]),
);
/** 'in progress', 'IN_PROGRESS', 'in-progress', ' planning ' → the stored form; else undefined. */
export function toEventStatus(value: unknown): EventStatus | undefined {
  if (typeof value !== 'string') return undefined;
  return statusByKey.get(value.trim().toLowerCase().replace(/[_-]/g, ' '));
}
const statusOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.pipe(
    z.transform((v: unknown) => toEventStatus(v) ?? v),
    z.enum(values, message),
  );

const day = z
  .string(eventMessages.dateRequired)
  .check(
    z.trim(),
    z.minLength(1, eventMessages.dateRequired),
    z.refine(isCalendarDay, eventMessages.dateInvalid),
  );

/** 'HH:MM' (24 h); seconds are accepted and dropped. */
const startTime = z.pipe(
  z.transform(emptyToNull),
  z.nullable(
    z.pipe(
      z
        .string(eventMessages.timeInvalid)
        .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, eventMessages.timeInvalid)),
      z.transform((v: string) => v.slice(0, 5)),
    ),
  ),
);

const meetingLink = z.pipe(
  z.transform(emptyToNull),
  z.nullable(
    z
      .url({ protocol: /^https?$/, error: eventMessages.invalidUrl })
      .check(z.maxLength(EVENT_MEETING_LINK_MAX, eventMessages.invalidUrl)),
  ),
);

const EMAIL = z.regexes.email;

/**
 * A list of e-mail addresses, or one string of them separated by commas, semicolons or spaces (what
 * the form's field holds): trimmed, lowercased, each once, in the order given.
 */
const participants = z.pipe(
  z.transform((v: unknown) => {
    if (v === undefined || v === null) return [];
    const list = typeof v === 'string' ? v.split(/[,;\s]+/) : v;
    if (!Array.isArray(list)) return list;
    return list.map(lowerTrim).filter((entry) => entry !== '');
  }),
  z.pipe(
    z.array(z.string(validationMessages.invalidEmail)),
    z.transform((list: string[], ctx) => {
      const unique = [...new Set(list)];
      const bad = unique.find((entry) => entry.length > 254 || !EMAIL.test(entry));
      if (bad !== undefined) {
        ctx.issues.push({ code: 'custom', message: eventMessages.participantInvalid(bad), input: list });
      } else if (unique.length > EVENT_PARTICIPANTS_MAX) {
        ctx.issues.push({ code: 'custom', message: eventMessages.tooManyParticipants, input: list });
      }
      return unique;
    }),
  ),
);

const eventFields = {
  title: z
    .string(eventMessages.titleRequired)
    .check(
      z.trim(),
      z.minLength(1, eventMessages.titleRequired),
      z.maxLength(EVENT_TITLE_MAX, eventMessages.titleTooLong),
      singleLine(),
    ),
  date: day,
  startTime,
  type: z.pipe(z.transform(lowerTrim), z.enum(EVENT_TYPES, eventMessages.typeRequired)),
  status: statusOf(EVENT_STATUSES, eventMessages.statusRequired),
  description: z.pipe(
    z.transform((v: unknown) => (v === null || v === undefined ? '' : v)),
    z
      .string()
      .check(z.trim(), z.maxLength(EVENT_DESCRIPTION_MAX, eventMessages.descriptionTooLong), multiLine()),
  ),
  meetingLink,
  participants,
  productId: z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(productMessages.notFound))),
  /** Repeats (issue 29): an RRULE from the event's date; '' or null: once. */
  recurrence: OptionalRuleSchema,
};

/**
 * POST /api/events. Title, date and type are required; status defaults to Planning and is one of
 * the four creation statuses (spec §4); the rest is optional. `createdBy` is the caller.
 */
export const CreateEventSchema = z.object({
  ...eventFields,
  startTime: z._default(startTime, null),
  status: z._default(
    z.pipe(
      z.transform((v: unknown) => toEventStatus(v) ?? v),
      z.enum(EVENT_CREATE_STATUSES, eventMessages.statusOnCreate),
    ),
    'Planning',
  ),
  description: z._default(eventFields.description, ''),
  meetingLink: z._default(meetingLink, null),
  participants: z._default(participants, []),
  productId: z._default(eventFields.productId, null),
  recurrence: z._default(OptionalRuleSchema, null),
});
export type CreateEvent = z.infer<typeof CreateEventSchema>;
export type CreateEventInput = z.input<typeof CreateEventSchema>;

/** Every field of an event as an edit sees it: any of the seven statuses. The edit form checks with it. */
export const EventFieldsSchema = z.object(eventFields);
export type EventFields = z.infer<typeof EventFieldsSchema>;

/** PATCH /api/events/{id}: any subset of the fields. */
export const UpdateEventSchema = z.partial(EventFieldsSchema);
export type UpdateEvent = z.infer<typeof UpdateEventSchema>;

export const EventIdParamsSchema = z.object({ id: z.uuid(eventMessages.notFound) });

const optionalDay = (message: string) =>
  z.optional(z.string(message).check(z.trim(), z.refine(isCalendarDay, message)));

/**
 * GET /api/events: the calendar days `from` to `to`, both included, at most EVENT_RANGE_MAX_DAYS
 * apart. The server fills a missing end (docs/decisions/004).
 */
export const EventRangeQuerySchema = z
  .object({
    from: optionalDay(eventMessages.dateInvalid),
    to: optionalDay(eventMessages.dateInvalid),
    limit: z._default(
      z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(EVENT_LIST_LIMIT_MAX))),
      EVENT_LIST_LIMIT_DEFAULT,
    ),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.to >= q.from, { error: eventMessages.rangeOrder, path: ['to'] }),
    z.refine((q) => !q.from || !q.to || calendarDaysBetween(q.from, q.to) < EVENT_RANGE_MAX_DAYS, {
      error: eventMessages.rangeTooLong,
      path: ['to'],
    }),
  );
export type EventRangeQuery = z.infer<typeof EventRangeQuerySchema>;

// ---- What the API answers ----

const calendarItemFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The calendar day, 'YYYY-MM-DD': the same day in every time zone. */
  date: z.string(),
  /** 'HH:MM' on that day, or null for an all-day item. */
  startTime: z.nullable(z.string()),
  type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  meetingLink: z.nullable(z.string()),
  participants: z.array(z.string()),
  /** Null when the caller may not see the product (a participant of another team's event). */
  productName: z.nullable(z.string()),
  createdBy: z.nullable(z.string()),
  /** Whether the caller may edit and delete it: its creator or an admin, never a guest. */
  canEdit: z.boolean(),
};

/** A stored event (spec §3 Event). */
export const EventSchema = z.object({
  ...calendarItemFields,
  source: z.literal('event'),
  productId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its RRULE when it repeats (issue 29): a list then holds one item per day it falls on. */
  recurrence: z.optional(z.nullable(z.string())),
  /** On an occurrence of a repeating event: the series' first day (the stored `date`, what an edit changes). */
  seriesDate: z.optional(z.string()),
  /**
   * On an occurrence: the day the rule gives it, which names it (RECURRENCE-ID) when only this date
   * is changed or deleted; `date` differs when this date was moved on its own.
   */
  occurrenceDate: z.optional(z.string()),
});
export type CalendarEvent = z.infer<typeof EventSchema>;

/**
 * A visible product's target end date, shown on its day; read-only. `id` is `product-{productId}`,
 * type `milestone`, the status follows the product's (docs/decisions/004).
 */
export const ProductMilestoneSchema = z.object({
  ...calendarItemFields,
  source: z.literal('product'),
  productId: z.string(),
  productName: z.string(),
  canEdit: z.literal(false),
});
export type ProductMilestone = z.infer<typeof ProductMilestoneSchema>;

export const CalendarItemSchema = z.discriminatedUnion('source', [EventSchema, ProductMilestoneSchema]);
export type CalendarItem = z.infer<typeof CalendarItemSchema>;

export const EventListSchema = z.object({
  /** Ordered by date, start time (all-day first), title. */
  data: z.array(CalendarItemSchema),
  /** The range answered, after defaults. */
  from: z.string(),
  to: z.string(),
  /** More items fall in the range than `limit`: the list stops at the limit. */
  hasMore: z.boolean(),
});
export type EventList = z.infer<typeof EventListSchema>;

/** Editing and deleting an event: its creator or an admin; guests never (ARCHITECTURE §5). */
export const canEditEvent = (viewer: { id: string; role: Role }, event: { createdBy: string | null }) =>
  viewer.role !== 'guest' && (isAdmin(viewer.role) || event.createdBy === viewer.id);
/** Scheduling events: members and up (spec §6: Calendar is for admins and members). */
export const canScheduleEvents = (role: Role) => role !== 'guest';

/** Spec §4 product statuses shown as an event status (maintenance: its target is behind it). */
export const milestoneStatusOf = (productStatus: string): EventStatus =>
  (
    ({
      planning: 'Planning',
      development: 'Development',
      testing: 'Testing',
      production: 'Production',
      maintenance: 'Completed',
    }) as Record<string, EventStatus>
  )[productStatus] ?? 'Planning';
