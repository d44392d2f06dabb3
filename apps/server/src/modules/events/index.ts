import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';
import { createEventsRepository } from './events.repository.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

type Deps = ModuleContext & { activities: ActivityRecorder };

/** Feed fetches per address per minute (docs/security.md). */
export const CALENDAR_FEED_PER_MINUTE = 60;

/** The calendar: events, tasks by due date and the personal iCalendar feed. */
export function eventsModule({ db, clock, changes, activities, config }: Deps): AppModule {
  const events = createEventsRepository(db);
  const service = createEventsService({ db, events, activities, clock, changes });
  const calendar = createCalendarService({
    calendar: createCalendarRepository(db),
    events,
    clock,
    appUrl: config.appUrl,
  });
  const eventRoutes = routesModule(eventsRoutes, { service });
  const calendarRoutesModule = routesModule(calendarRoutes, {
    service: calendar,
    feedPerMinute: CALENDAR_FEED_PER_MINUTE,
  });
  return {
    register: async (api) => {
      await eventRoutes.register(api);
      await calendarRoutesModule.register(api);
    },
  };
}
