import fp from 'fastify-plugin';
import type { ActivityRecorder } from './activities.recorder.ts';
import { createActivitiesRepository } from './activities.repository.ts';
import { activitiesRoutes } from './activities.routes.ts';
import { createActivitiesService } from './activities.service.ts';

export { toActivity, toActivityLogEntry, toPersonRef } from './activities.mapper.ts';
export type { ActivityRecorder, NewActivity } from './activities.recorder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The activity log's writer: other modules record their entries through it, in their transaction. */
    activities: ActivityRecorder;
  }
}

/** The activity log. */
export const activitiesModule = fp(
  async (app) => {
    const activities = createActivitiesRepository(app.db);
    const service = createActivitiesService({ db: app.db, activities, changes: app.changes });
    app.decorate('activities', activities);
    await app.register(activitiesRoutes, { prefix: '/api', service, clock: app.clock });
  },
  { name: 'activities', dependencies: ['platform'] },
);
