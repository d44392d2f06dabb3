import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { createEventsRepository } from './events.repository.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

type Deps = ModuleContext & { activities: ActivityRecorder };

/** The calendar's events. */
export function eventsModule({ db, clock, changes, activities }: Deps): AppModule {
  const service = createEventsService({ db, events: createEventsRepository(db), activities, clock, changes });
  return routesModule(eventsRoutes, { service });
}
