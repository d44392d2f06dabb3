import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { RealtimeHub } from './realtime.hub.ts';
import { realtimeRoutes } from './realtime.routes.ts';

/** The /api/realtime WebSocket; the hub is built by buildApp, which exposes it as app.realtime. */
export function realtimeModule({ config, hub }: ModuleContext & { hub: RealtimeHub }): AppModule {
  return routesModule(realtimeRoutes, { hub, appUrl: config.appUrl });
}
