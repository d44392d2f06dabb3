import fp from 'fastify-plugin';
import { createAccounts } from './auth.accounts.ts';
import { createApiTokens } from './auth.api-tokens.ts';
import { createAvatarService } from './auth.avatar.ts';
import { createDeviceCookies } from './auth.device-cookies.ts';
import { createProviderSignIn } from './auth.google.ts';
import { createProviderLinks } from './auth.links.ts';
import { providerRoutes } from './auth.providers.routes.ts';
import { createReauthentication } from './auth.reauth.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { securityRoutes } from './auth.security.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createAuthThrottle, rateLimitCounter } from './auth.throttle.ts';
import { createTwoFactor, removeTwoFactor } from './auth.two-factor.ts';

export { totpAt } from './auth.totp.ts';
export { secretContext as twoFactorSecretContext } from './auth.two-factor.ts';

/**
 * Sign-in, sign-up, sessions, two-factor, API tokens and avatars, on the users module's store.
 * It hands the users module what changing someone's account also does (a new address, a reset
 * second factor) and the upload quota what avatars take.
 */
export const authModule = fp(
  async (app) => {
    const { config, db, clock, changes, sessions, storage, audit, mailer, secrets, settings } = app;
    const users = app.users.store;
    const tokens = createAuthRepository(db);
    const accounts = createAccounts({ db, users, sessions, tokens, clock, changes, appUrl: config.appUrl });
    app.users.provideAccounts({
      changeEmail: accounts.changeEmail,
      removeTwoFactor: (id, tx) => removeTwoFactor(tx, id),
    });
    const avatars = createAvatarService({ users, storage, changes, quota: app.uploads.quota });
    // A new avatar replaces the one the account has: that one does not count against its upload.
    app.uploads.count({
      ofUser: (user, tx) => (user.replacingAvatar ? Promise.resolve(0) : avatars.bytesOf(user.id, tx)),
      total: (tx) => avatars.totalBytes(tx),
    });
    const providerDeps = { appUrl: config.appUrl, tokens, accounts, clock };
    const throttle = createAuthThrottle(rateLimitCounter(app));
    const twoFactor = createTwoFactor({ db, secrets, clock, tokens, throttle, settings, audit });
    const service = createAuthService({
      db,
      users,
      sessions,
      mailer,
      clock,
      appUrl: config.appUrl,
      changes,
      accounts,
      tokens,
      log: app.log,
      throttle,
      twoFactor,
      audit,
    });
    const devices = createDeviceCookies({ secrets, throttle, secure: config.secureCookies });
    await app.register(authRoutes, {
      prefix: '/api',
      service,
      avatars,
      devices,
      secureCookies: config.secureCookies,
      rateLimits: app.rateLimits,
      uploadsPerHour: config.uploads.perHour,
    });
    const offered = [
      ...(config.google ? [{ kind: 'google' as const, label: 'Google' }] : []),
      ...(config.oidc ? [{ kind: 'oidc' as const, label: config.oidc.label }] : []),
    ];
    await app.register(providerRoutes, {
      prefix: '/api',
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
    await app.register(securityRoutes, {
      prefix: '/api',
      service,
      twoFactor,
      apiTokens: createApiTokens({ db, clock, audit, changes }),
      sessions,
      devices,
      reauthenticate: createReauthentication({ sessions, throttle, twoFactor }),
      loginPerMinute: app.rateLimits.login,
    });
  },
  { name: 'auth', dependencies: ['platform', 'users'] },
);
