import fp from 'fastify-plugin';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createLifecycleRepository } from './lifecycle.repository.ts';
import { lifecycleRoutes } from './lifecycle.routes.ts';
import { createLifecycleService } from './lifecycle.service.ts';

/** Reports shared until a write outdates them; 10 s at most (open stays' days grow with the clock). */
const LIFECYCLE_CACHE = { maxAgeMs: 10_000, maxEntries: 200 };

/**
 * Stage history, time in stage and the lifecycle reports (issue 32,
 * docs/decisions/060-stage-history-and-lifecycle-reports.md), all read from the products' activity.
 * Time in the current stage is the products' own `stage_entered_at`, kept by a trigger.
 */
export const lifecycleModule = fp(
  async (app) => {
    const { db, clock } = app;
    const service = createLifecycleService({
      repo: createLifecycleRepository(db),
      clock,
      cache: createFreshCache(db, { ...LIFECYCLE_CACHE, now: () => clock.now().getTime() }),
    });
    await app.register(lifecycleRoutes, { prefix: '/api', service });
  },
  { name: 'lifecycle', dependencies: ['platform'] },
);
