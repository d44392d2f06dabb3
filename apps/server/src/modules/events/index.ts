import fp from 'fastify-plugin';
import { createCalendarRepository } from './calendar.repository.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';
import { createEventsRepository } from './events.repository.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

/** Feed fetches per address per minute (docs/security.md). */
export const CALENDAR_FEED_PER_MINUTE = 60;

/** The calendar: events, tasks by due date and the personal iCalendar feed. */
export const eventsModule = fp(
  async (app) => {
    const { db, clock, changes, activities, config } = app;
    const events = createEventsRepository(db);
    const service = createEventsService({ db, events, activities, clock, changes });
    const calendar = createCalendarService({
      calendar: createCalendarRepository(db),
      events,
      clock,
      appUrl: config.appUrl,
    });
    await app.register(eventsRoutes, { prefix: '/api', service });
    await app.register(calendarRoutes, {
      prefix: '/api',
      service: calendar,
      feedPerMinute: CALENDAR_FEED_PER_MINUTE,
    });
  },
  { name: 'events', dependencies: ['platform', 'activities'] },
);
