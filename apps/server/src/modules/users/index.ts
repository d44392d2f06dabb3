import type { Db } from '../../db/client.ts';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { AccountsService } from '../auth/auth.accounts.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';
import type { UserStore } from './users.store.ts';

export type { UserStore } from './users.store.ts';

/** The user store the auth module signs people in and up with (its narrow entry point). */
export const createUserStore = (db: Db): UserStore => createUsersRepository(db);

type Deps = ModuleContext & {
  accounts: Pick<AccountsService, 'changeEmail'>;
  twoFactor: { remove: (userId: string, tx: Db) => Promise<void> };
};

/** User management and profiles. */
export function usersModule({ accounts, twoFactor, ...ctx }: Deps): AppModule {
  const service = createUsersService({
    db: ctx.db,
    users: createUsersRepository(ctx.db),
    sessions: ctx.sessions,
    mailer: ctx.mailer,
    clock: ctx.clock,
    appUrl: ctx.config.appUrl,
    changes: ctx.changes,
    accounts,
    twoFactor,
    audit: ctx.audit,
  });
  return routesModule(usersRoutes, { service, clock: ctx.clock });
}
