import type { Db } from '../../db/client.ts';
import type { InstanceSettingsStore } from '../../lib/instance-settings.ts';
import type { AppModule, ModuleContext } from '../../lib/module.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { UploadQuota } from '../../lib/upload-quota.ts';
import type { UserStore } from '../users/index.ts';
import { type AccountsService, createAccounts } from './auth.accounts.ts';
import { createApiTokens } from './auth.api-tokens.ts';
import { type AvatarService, createAvatarService } from './auth.avatar.ts';
import { createDeviceCookies } from './auth.device-cookies.ts';
import { createProviderSignIn } from './auth.google.ts';
import { createProviderLinks } from './auth.links.ts';
import { providerRoutes } from './auth.providers.routes.ts';
import { createReauthentication } from './auth.reauth.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes, type RateLimits } from './auth.routes.ts';
import { securityRoutes } from './auth.security.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createAuthThrottle, rateLimitCounter } from './auth.throttle.ts';
import { createTwoFactor, removeTwoFactor } from './auth.two-factor.ts';

type Deps = ModuleContext & {
  users: UserStore;
  /** The upload quotas avatars count against (issue 13 #11); built once every module is. */
  quota: () => UploadQuota;
  rateLimits: RateLimits;
  secrets: SecretBox;
  settings: InstanceSettingsStore;
};

/**
 * Sign-in, sign-up, sessions, two-factor, API tokens and avatars. Its entry points for other
 * modules: `accounts` (the users module moves an account to another address), `avatars` (the
 * upload quota counts them) and `twoFactor` (an admin resets someone's second factor).
 */
export function authModule({ users, quota, rateLimits, secrets, settings, ...ctx }: Deps): AppModule & {
  accounts: AccountsService;
  avatars: AvatarService;
  twoFactor: { remove: (userId: string, tx: Db) => Promise<void> };
} {
  const { config, db, clock, changes, sessions, storage, audit } = ctx;
  const tokens = createAuthRepository(db);
  const accounts = createAccounts({ db, users, sessions, tokens, clock, changes, appUrl: config.appUrl });
  const avatars = createAvatarService({ users, storage, changes, quota });
  const providerDeps = { appUrl: config.appUrl, tokens, accounts, clock };
  return {
    accounts,
    avatars,
    twoFactor: { remove: (userId, tx) => removeTwoFactor(tx, userId) },
    register: async (api) => {
      const throttle = createAuthThrottle(rateLimitCounter(api));
      const twoFactor = createTwoFactor({ db, secrets, clock, tokens, throttle, settings, audit });
      const service = createAuthService({
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
        throttle,
        twoFactor,
        audit,
      });
      const devices = createDeviceCookies({ secrets, throttle, secure: config.secureCookies });
      await api.register(authRoutes, {
        service,
        avatars,
        devices,
        secureCookies: config.secureCookies,
        rateLimits,
        uploadsPerHour: config.uploads.perHour,
      });
      const offered = [
        ...(config.google ? [{ kind: 'google' as const, label: 'Google' }] : []),
        ...(config.oidc ? [{ kind: 'oidc' as const, label: config.oidc.label }] : []),
      ];
      await api.register(providerRoutes, {
        service,
        devices,
        links: createProviderLinks({ db, users, tokens, clock, changes, audit, offered }),
        clock,
        google: createProviderSignIn({ kind: 'google', provider: config.google, ...providerDeps }),
        oidc: {
          ...createProviderSignIn({ kind: 'oidc', provider: config.oidc, ...providerDeps }),
          label: config.oidc?.label ?? '',
        },
        secureCookies: config.secureCookies,
      });
      await api.register(securityRoutes, {
        service,
        twoFactor,
        apiTokens: createApiTokens({ db, clock, audit }),
        sessions,
        devices,
        reauthenticate: createReauthentication({ sessions, throttle, twoFactor }),
        loginPerMinute: rateLimits.login,
      });
    },
  };
}
