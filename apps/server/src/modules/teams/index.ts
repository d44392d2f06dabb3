import fp from 'fastify-plugin';
import { createTeamsRepository } from './teams.repository.ts';
import { teamsRoutes } from './teams.routes.ts';
import { createTeamsService } from './teams.service.ts';

/** Teams, their members and invitations. */
export const teamsModule = fp(
  async (app) => {
    const { config, db, clock, changes, activities } = app;
    const service = createTeamsService({
      db,
      teams: createTeamsRepository(db),
      activities,
      notifications: app.notifications.notifier,
      changes,
    });
    await app.register(teamsRoutes, {
      prefix: '/api',
      service,
      invitesPerHour: config.invitesPerHour,
      clock,
    });
  },
  { name: 'teams', dependencies: ['platform', 'activities', 'notifications'] },
);
