import fp from 'fastify-plugin';
import { realtimeRoutes } from './realtime.routes.ts';

/** The /api/realtime WebSocket; the hub it hands sockets to is the platform's (app.realtime). */
export const realtimeModule = fp(
  async (app) => {
    await app.register(realtimeRoutes, { prefix: '/api', hub: app.realtime, appUrl: app.config.appUrl });
  },
  { name: 'realtime', dependencies: ['platform'] },
);
