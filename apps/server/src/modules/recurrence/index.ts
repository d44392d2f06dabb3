import fp from 'fastify-plugin';
import { createRecurrenceRepository } from './recurrence.repository.ts';
import { recurrenceRoutes } from './recurrence.routes.ts';
import { createRecurrenceService, OCCUR_JOB } from './recurrence.service.ts';

/**
 * Recurring tasks (issue 29, docs/decisions/040-recurrence.md): a task's rule, the next occurrence
 * when one is completed (tasks' status-change plug-in point) or on its day (the job queue).
 */
export const recurrenceModule = fp(
  async (app) => {
    const repository = createRecurrenceRepository(app.db);
    const service = createRecurrenceService({
      db: app.db,
      repository,
      activities: app.activities,
      changes: app.changes,
      clock: app.clock,
      copying: app.tasks.copying,
      recordCreated: app.tasks.recordCreated,
    });
    app.tasks.onStatusChange(service.completed);
    app.tasks.onDelete(async (taskId, tx) => {
      await repository.deleteSeriesOfPurged(tx, taskId);
      return async () => {};
    });
    app.jobs.handle({ [OCCUR_JOB]: service.scheduled });
    await app.register(recurrenceRoutes, { prefix: '/api', service });
  },
  { name: 'recurrence', dependencies: ['platform', 'activities', 'tasks'] },
);
