import type pg from 'pg';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { archiveRoutes } from './archive.routes.ts';

/** The workspace JSON archive's export (docs/decisions/020-workspace-archive.md); the restore is the CLI import-archive.ts. */
export function archiveModule(ctx: ModuleContext & { pool: pg.Pool }): AppModule {
  return routesModule(archiveRoutes, {
    pool: ctx.pool,
    storage: ctx.storage,
    audit: ctx.audit,
    clock: ctx.clock,
  });
}
