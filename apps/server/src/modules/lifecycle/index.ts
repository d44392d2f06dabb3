import fp from 'fastify-plugin';
import { createLifecycleRepository } from './lifecycle.repository.ts';
import { lifecycleRoutes } from './lifecycle.routes.ts';
import { createLifecycleService } from './lifecycle.service.ts';

/**
 * Stage history, time in stage and the lifecycle reports (issue 32,
 * docs/decisions/060-stage-history-and-lifecycle-reports.md), all read from the products' activity.
 * Time in the current stage is the products' own `stage_entered_at`, kept by a trigger.
 */
export const lifecycleModule = fp(
  async (app) => {
    const service = createLifecycleService({ repo: createLifecycleRepository(app.db), clock: app.clock });
    await app.register(lifecycleRoutes, { prefix: '/api', service });
  },
  { name: 'lifecycle', dependencies: ['platform'] },
);
