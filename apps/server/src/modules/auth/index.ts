import type { AppModule, ModuleContext } from '../../lib/module.ts';
import type { UploadQuota } from '../../lib/upload-quota.ts';
import type { UserStore } from '../users/index.ts';
import { type AccountsService, createAccounts } from './auth.accounts.ts';
import { type AvatarService, createAvatarService } from './auth.avatar.ts';
import { createGoogleSignIn } from './auth.google.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes, type RateLimits } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createAuthThrottle, rateLimitCounter } from './auth.throttle.ts';

type Deps = ModuleContext & {
  users: UserStore;
  /** The upload quotas avatars count against (issue 13 #11); built once every module is. */
  quota: () => UploadQuota;
  rateLimits: RateLimits;
};

/**
 * Sign-in, sign-up, sessions and avatars. Its entry points for other modules: `accounts` (the
 * users module moves an account to another address) and `avatars` (the upload quota counts them).
 */
export function authModule({ users, quota, rateLimits, ...ctx }: Deps): AppModule & {
  accounts: AccountsService;
  avatars: AvatarService;
} {
  const { config, db, clock, changes, sessions, storage } = ctx;
  const tokens = createAuthRepository(db);
  const accounts = createAccounts({ db, users, sessions, tokens, clock, changes, appUrl: config.appUrl });
  const avatars = createAvatarService({ users, storage, changes, quota });
  return {
    accounts,
    avatars,
    register: async (api) => {
      await api.register(authRoutes, {
        service: createAuthService({
          db,
          users,
          sessions,
          mailer: ctx.mailer,
          clock,
          appUrl: config.appUrl,
          changes,
          accounts,
          tokens,
          log: ctx.log,
          throttle: createAuthThrottle(rateLimitCounter(api)),
        }),
        avatars,
        google: createGoogleSignIn({ google: config.google, appUrl: config.appUrl, tokens, accounts, clock }),
        sessions,
        secureCookies: config.secureCookies,
        rateLimits,
        uploadsPerHour: config.uploads.perHour,
      });
    },
  };
}
