import fp from 'fastify-plugin';
import { createDashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The dashboard read model. */
export const dashboardModule = fp(
  async (app) => {
    const service = createDashboardService({
      dashboard: createDashboardRepository(app.db),
      clock: app.clock,
    });
    await app.register(dashboardRoutes, { prefix: '/api', service });
  },
  { name: 'dashboard', dependencies: ['platform'] },
);
