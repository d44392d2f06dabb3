import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';
import type { AccountOperations, UserStore } from './users.store.ts';

export { toUser } from './users.mapper.ts';
export type { AccountOperations, NewUser, UserStore } from './users.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: {
      /** Find, create and update accounts: what the auth module signs people in and up with. */
      store: UserStore;
      /** The auth module hands over what changing someone's account also does (at boot). */
      provideAccounts: (operations: AccountOperations) => void;
    };
  }
}

/** The user store the auth module and the test factories use (its narrow entry point). */
export const createUserStore = (db: Db): UserStore => createUsersRepository(db);

/** User management and profiles. */
export const usersModule = fp(
  async (app) => {
    let accounts: AccountOperations | undefined;
    const provided = () => {
      if (!accounts) throw new Error('users: no module provided the account operations');
      return accounts;
    };
    app.decorate('users', {
      store: createUserStore(app.db),
      provideAccounts: (operations: AccountOperations) => {
        accounts = operations;
      },
    });
    app.addHook('onReady', async () => void provided());
    const service = createUsersService({
      db: app.db,
      users: createUsersRepository(app.db),
      sessions: app.sessions,
      mailer: app.mailer,
      clock: app.clock,
      appUrl: app.config.appUrl,
      changes: app.changes,
      accounts: { changeEmail: (...args) => provided().changeEmail(...args) },
      twoFactor: { remove: (...args) => provided().removeTwoFactor(...args) },
      audit: app.audit,
    });
    await app.register(usersRoutes, { prefix: '/api', service, clock: app.clock });
  },
  { name: 'users', dependencies: ['platform'] },
);
