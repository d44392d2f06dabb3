import fp from 'fastify-plugin';
import { createTeamsRepository } from './teams.repository.ts';
import { teamsRoutes } from './teams.routes.ts';
import { createTeamsService, type TeamsService } from './teams.service.ts';

/** A product template's team types (issue 29). */
export type TeamTypes = TeamsService['types'];

declare module 'fastify' {
  interface FastifyInstance {
    /** A product template's team types (issue 29): read from a product, made in a new one. */
    teams: { types: TeamTypes };
  }
}

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
    app.decorate('teams', { types: service.types });
    await app.register(teamsRoutes, {
      prefix: '/api',
      service,
      invitesPerHour: config.invitesPerHour,
      clock,
    });
  },
  { name: 'teams', dependencies: ['platform', 'activities', 'notifications'] },
);
