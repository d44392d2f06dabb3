import fp from 'fastify-plugin';
import { createScheduleRepository } from './schedule.repository.ts';
import { scheduleRoutes } from './schedule.routes.ts';
import { createScheduleService } from './schedule.service.ts';

/**
 * A product's schedule, the Gantt (issue 31, docs/decisions/057-gantt.md): its tasks from start to
 * due date and the "blocks" relations among them; a move goes through the tasks module's checked
 * edit, the tasks it blocks with it in one transaction.
 */
export const scheduleModule = fp(
  async (app) => {
    const service = createScheduleService({
      db: app.db,
      schedule: createScheduleRepository(app.db),
      updateTask: app.tasks.updateWithin,
      changes: app.changes,
    });
    await app.register(scheduleRoutes, { prefix: '/api', service });
  },
  { name: 'schedule', dependencies: ['platform', 'tasks'] },
);
