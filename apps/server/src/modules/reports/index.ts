import fp from 'fastify-plugin';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createReportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

/** How long a computed report is served at most without a write, and how many are kept. */
const REPORTS_CACHE = { maxAgeMs: 5_000, maxEntries: 50 };

/** The reports read model. */
export const reportsModule = fp(
  async (app) => {
    const { db, clock } = app;
    const cache = createFreshCache(db, { ...REPORTS_CACHE, now: () => clock.now().getTime() });
    const service = createReportsService({ reports: createReportsRepository(db), clock, cache });
    await app.register(reportsRoutes, { prefix: '/api', service, audit: app.audit });
  },
  { name: 'reports', dependencies: ['platform'] },
);
