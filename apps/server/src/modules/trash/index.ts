import fp from 'fastify-plugin';
import { createTrashRepository } from './trash.repository.ts';
import { trashRoutes } from './trash.routes.ts';
import { createTrashService } from './trash.service.ts';

/** The purge job's name and when it runs: hourly, at a minute no other job uses. */
const PURGE_JOB = 'trash.purge';
const PURGE_SCHEDULE = [{ match: '23 * * * *', task: PURGE_JOB }];

/**
 * Deleted tasks and products (issue 28, docs/decisions/034-trash.md): listed, restored, purged by
 * hand or after 30 days by a job. The tasks and products modules put them here by their DELETE.
 */
export const trashModule = fp(
  async (app) => {
    const service = createTrashService({
      db: app.db,
      trash: createTrashRepository(app.db),
      activities: app.activities,
      changes: app.changes,
      clock: app.clock,
      purgingTask: app.tasks.purging,
      productFiles: app.documents.files,
    });
    app.jobs.handle(
      {
        [PURGE_JOB]: async () => {
          await service.purgeExpired();
        },
      },
      PURGE_SCHEDULE,
    );
    await app.register(trashRoutes, { prefix: '/api', service });
  },
  { name: 'trash', dependencies: ['platform', 'activities', 'tasks', 'documents'] },
);
