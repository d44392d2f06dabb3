import type { AppModule, ModuleContext } from '../../lib/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness. */
export function healthModule({ db }: ModuleContext): AppModule {
  return {
    register: async (api) => {
      await api.register(healthRoutes, { db });
    },
  };
}
