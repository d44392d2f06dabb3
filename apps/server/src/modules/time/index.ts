import fp from 'fastify-plugin';
import { createTimeReports } from './time.reports.ts';
import { createTimeRepository } from './time.repository.ts';
import { timeRoutes } from './time.routes.ts';
import { createTimeService } from './time.service.ts';

/**
 * Time tracking (issue 31, docs/decisions/055-time-tracking.md): time logged on tasks by a timer
 * or by hand, the timesheet of a person's week and a product's time report. Its entries hang off
 * tasks by a cascading foreign key, so a purged task takes them and a trashed one hides them.
 */
export const timeModule = fp(
  async (app) => {
    const time = createTimeRepository(app.db);
    const service = createTimeService({ db: app.db, time, changes: app.changes, clock: app.clock });
    const reports = createTimeReports({ db: app.db, time, clock: app.clock, matching: app.tasks.matching });
    app.tasks.addPageSection('time', service.ofSeenTask);
    await app.register(timeRoutes, { prefix: '/api', service, reports });
  },
  { name: 'time', dependencies: ['platform', 'tasks'] },
);
