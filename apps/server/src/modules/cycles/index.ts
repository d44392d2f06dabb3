import fp from 'fastify-plugin';
import { CYCLE_ROLLOVER_JOB, CYCLE_ROLLOVER_SCHEDULE } from './cycles.completion.ts';
import { createCyclesRepository } from './cycles.repository.ts';
import { cyclesRoutes } from './cycles.routes.ts';
import { createCyclesService } from './cycles.service.ts';

/**
 * Cycles (issue 31, docs/decisions/058-cycles.md): time-boxed spans of a product's work, the tasks
 * in them, their scope events and burn charts, the roll-over of unfinished work when one ends (a
 * recurring job, idempotent across processes), and the velocity of the last finished ones.
 */
export const cyclesModule = fp(
  async (app) => {
    const service = createCyclesService({
      db: app.db,
      cycles: createCyclesRepository(app.db),
      changes: app.changes,
      clock: app.clock,
    });
    app.tasks.addPageSection('cycle', service.ofSeenTask);
    app.jobs.handle(
      {
        [CYCLE_ROLLOVER_JOB]: async () => {
          await service.completeEnded();
        },
      },
      CYCLE_ROLLOVER_SCHEDULE,
    );
    await app.register(cyclesRoutes, { prefix: '/api', service });
  },
  { name: 'cycles', dependencies: ['platform', 'tasks'] },
);
