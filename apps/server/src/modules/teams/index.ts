import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import { createTeamsRepository } from './teams.repository.ts';
import { teamsRoutes } from './teams.routes.ts';
import { createTeamsService } from './teams.service.ts';

type Deps = ModuleContext & { activities: ActivityRecorder; notifier: Notifier };

/** Teams, their members and invitations. */
export function teamsModule({ config, db, clock, changes, activities, notifier }: Deps): AppModule {
  const service = createTeamsService({
    db,
    teams: createTeamsRepository(db),
    activities,
    notifications: notifier,
    changes,
  });
  return routesModule(teamsRoutes, { service, invitesPerHour: config.invitesPerHour, clock });
}
