import { z } from 'zod/mini';
import { calendarDaysBetween, eventMessages, isCalendarDay } from './events.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from './tasks.ts';

// The calendar everywhere (issue 16, docs/decisions/017-calendar-feed.md): tasks with a due date
// on /calendar, and a personal iCalendar feed behind a secret URL.

/** The widest window GET /api/calendar/tasks answers: a month grid (six weeks) with room. */
export const CALENDAR_TASK_RANGE_MAX_DAYS = 62;
/**
 * Tasks one calendar request answers at most; `hasMore` says when more fall in the range. Issue 31:
 * a month grid (six weeks) of a busy workspace holds 500 items and more, so 1,000 (about 300 kB).
 */
export const CALENDAR_TASK_LIMIT = 1000;

/** The feed's window: from this many days ago … */
export const CALENDAR_FEED_DAYS_BEFORE = 90;
/** … to this many days ahead. */
export const CALENDAR_FEED_DAYS_AFTER = 366;
/** Items of each kind (events, milestones, tasks) one feed holds at most. */
export const CALENDAR_FEED_ITEMS_MAX = 1000;

export const calendarMessages = {
  rangeRequired: 'Give the first and the last day of the range.',
  rangeTooLong: `The range may span at most ${CALENDAR_TASK_RANGE_MAX_DAYS} days.`,
  productInvalid: 'Choose a product from the list.',
  feedNotFound: 'Calendar feed not found',
  feedCreated: 'Calendar feed created',
  feedRegenerated: 'Calendar feed regenerated: the old address no longer works',
  feedTurnedOff: 'Calendar feed turned off',
  feedCreateFailed: 'Could not create the calendar feed',
  feedTurnOffFailed: 'Could not turn off the calendar feed',
  feedRateLimited: 'Too many calendar requests from this address. Please wait a minute.',
} as const;

const day = z
  .string(calendarMessages.rangeRequired)
  .check(z.trim(), z.refine(isCalendarDay, eventMessages.dateInvalid));

/**
 * GET /api/calendar/tasks: the visible tasks due on the days `from` to `to` (both included, at most
 * CALENDAR_TASK_RANGE_MAX_DAYS apart), of one product or all, the caller's own or everyone's.
 */
export const CalendarTaskQuerySchema = z
  .object({
    from: day,
    to: day,
    productId: z.optional(z.uuid(calendarMessages.productInvalid)),
    /** 'true': only the tasks assigned to the caller. */
    mine: z.optional(z.enum(['true', 'false'])),
  })
  .check(
    z.refine((q) => q.to >= q.from, { error: eventMessages.rangeOrder, path: ['to'] }),
    z.refine((q) => calendarDaysBetween(q.from, q.to) < CALENDAR_TASK_RANGE_MAX_DAYS, {
      error: calendarMessages.rangeTooLong,
      path: ['to'],
    }),
  );
export type CalendarTaskQuery = z.infer<typeof CalendarTaskQuerySchema>;

/** A task on its due day. */
export const CalendarTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** 'YYYY-MM-DD'. */
  dueDate: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  productId: z.string(),
  productName: z.string(),
  assigneeId: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type CalendarTask = z.infer<typeof CalendarTaskSchema>;

export const CalendarTaskListSchema = z.object({
  /** By due day, then title. */
  data: z.array(CalendarTaskSchema),
  from: z.string(),
  to: z.string(),
  /** More tasks fall in the range than CALENDAR_TASK_LIMIT: the list stops there. */
  hasMore: z.boolean(),
});
export type CalendarTaskList = z.infer<typeof CalendarTaskListSchema>;

/** GET /api/user/calendar-feed: whether the caller has a feed, and since when (never its URL). */
export const CalendarFeedStatusSchema = z.object({
  enabled: z.boolean(),
  createdAt: z.nullable(z.string()),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** POST /api/user/calendar-feed: the secret URL, in this answer only. */
export const CalendarFeedCreatedSchema = z.object({
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;

/** GET /api/calendar/feed/{file}: `<token>.ics`; anything else is a 404 like an unknown token. */
export const CalendarFeedParamsSchema = z.object({ file: z.string().check(z.maxLength(200)) });
