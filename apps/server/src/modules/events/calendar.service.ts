import {
  addCalendarDays,
  CALENDAR_FEED_DAYS_AFTER,
  CALENDAR_FEED_DAYS_BEFORE,
  CALENDAR_FEED_ITEMS_MAX,
  CALENDAR_TASK_LIMIT,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type CalendarTaskList,
  type CalendarTaskQuery,
  calendarMessages,
} from '@shipyard/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { NotFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { CalendarRepository, CalendarTaskRow } from './calendar.repository.ts';
import { buildFeed } from './calendar-feed.ics.ts';
import type { EventsRepository } from './events.repository.ts';

// Tasks on /calendar and the personal iCalendar feed (docs/decisions/017-calendar-feed.md).

/** The feed's file name: 256 random bits in base64url (43 characters), then '.ics'. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const FEED_PATH = '/api/calendar/feed/';

type Deps = {
  calendar: CalendarRepository;
  events: EventsRepository;
  clock: Clock;
  appUrl: string;
};

const toCalendarTask = (row: CalendarTaskRow) => ({
  id: row.id,
  title: row.title,
  dueDate: row.dueDate,
  status: row.status,
  priority: row.priority,
  productId: row.productId,
  productName: row.productName,
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeName,
  updatedAt: row.updatedAt.toISOString(),
});

export function createCalendarService({ calendar, events, clock, appUrl }: Deps) {
  const feedNotFound = () => NotFound(calendarMessages.feedNotFound, 'CALENDAR_FEED_NOT_FOUND');

  return {
    /** The visible tasks due on the range's days, of one product or all, the caller's or everyone's. */
    async listTasks(actor: SessionUser, query: CalendarTaskQuery): Promise<CalendarTaskList> {
      const rows = await calendar.tasksInRange(actor, {
        from: query.from,
        to: query.to,
        limit: CALENDAR_TASK_LIMIT,
        productId: query.productId,
        assigneeId: query.mine === 'true' ? actor.id : undefined,
      });
      return {
        data: rows.slice(0, CALENDAR_TASK_LIMIT).map(toCalendarTask),
        from: query.from,
        to: query.to,
        hasMore: rows.length > CALENDAR_TASK_LIMIT,
      };
    },

    async feedStatus(user: UserRow): Promise<CalendarFeedStatus> {
      const feed = await calendar.findFeed(user.id);
      return { enabled: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null };
    },

    /** A new secret URL (the previous one, if any, stops working): in this answer only. */
    async createFeed(user: UserRow): Promise<CalendarFeedCreated> {
      const token = randomToken();
      const row = await calendar.saveFeed(user.id, token, clock.now());
      return { url: `${appUrl}${FEED_PATH}${token}.ics`, createdAt: row.createdAt.toISOString() };
    },

    async removeFeed(user: UserRow): Promise<void> {
      if (!(await calendar.removeFeed(user.id))) throw feedNotFound();
    },

    /**
     * The feed behind `file` ('<token>.ics'): what its owner sees now, from CALENDAR_FEED_DAYS_BEFORE
     * days ago to CALENDAR_FEED_DAYS_AFTER ahead — the events they may see, the target dates of the
     * products they see, and the tasks assigned to them in those products. A malformed, replaced
     * or turned-off token, or a disabled account, is the same 404.
     */
    async feed(file: string): Promise<string> {
      const token = FEED_FILE.exec(file)?.[1];
      const owner = token ? await calendar.ownerOfToken(token) : undefined;
      if (!owner) throw feedNotFound();
      const today = clock.now().toISOString().slice(0, 10);
      const range = {
        from: addCalendarDays(today, -CALENDAR_FEED_DAYS_BEFORE),
        to: addCalendarDays(today, CALENDAR_FEED_DAYS_AFTER),
        limit: CALENDAR_FEED_ITEMS_MAX,
      };
      const [eventRows, milestones, tasks] = await Promise.all([
        events.listInRange(owner, range),
        events.milestonesInRange(owner, range),
        calendar.tasksInRange(owner, { ...range, assigneeId: owner.id }),
      ]);
      const feedEvents = eventRows.slice(0, CALENDAR_FEED_ITEMS_MAX);
      const exceptions = await events.exceptionsOf(
        feedEvents.filter((row) => row.event.recurrence).map((row) => row.event.id),
      );
      return buildFeed(
        {
          ownerName: owner.name,
          events: feedEvents,
          exceptions,
          milestones: milestones.slice(0, CALENDAR_FEED_ITEMS_MAX),
          tasks: tasks.slice(0, CALENDAR_FEED_ITEMS_MAX),
        },
        appUrl,
      );
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
