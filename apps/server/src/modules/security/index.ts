import type { InstanceSettingsStore } from '../../lib/instance-settings.ts';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { securityRoutes } from './security.routes.ts';

/** The audit log and the instance's settings, for admins (docs/decisions/013-accounts.md). */
export function securityModule(ctx: ModuleContext & { settings: InstanceSettingsStore }): AppModule {
  return routesModule(securityRoutes, {
    db: ctx.db,
    audit: ctx.audit,
    settings: ctx.settings,
    clock: ctx.clock,
  });
}
