import fp from 'fastify-plugin';
import { securityRoutes } from './security.routes.ts';

/** The audit log and the instance's settings, for admins (docs/decisions/013-accounts.md). */
export const securityModule = fp(
  async (app) => {
    const { db, audit, settings, clock } = app;
    await app.register(securityRoutes, { prefix: '/api', db, audit, settings, clock });
  },
  { name: 'security', dependencies: ['platform'] },
);
