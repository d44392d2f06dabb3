import fp from 'fastify-plugin';
import { newestMigration } from '../../db/migrate.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness, readiness and the metrics behind METRICS_TOKEN. */
export const healthModule = fp(
  async (app) => {
    await app.register(healthRoutes, {
      prefix: '/api',
      db: app.db,
      newestMigration: newestMigration(),
      metrics: app.metrics,
      metricsToken: app.config.metrics.token,
    });
  },
  { name: 'health', dependencies: ['platform'] },
);
