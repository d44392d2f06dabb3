import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import {
  authorizeAtProvider,
  type ProviderChoice,
  type TestIdentity,
  useOidcProvider,
} from '../../testing/oidc-provider.ts';
import { APP_URL } from '../../testing/test-app.ts';

// Google sign-in end to end: the app talks to a real OpenID provider on loopback (discovery,
// token endpoint, JWKS), the browser's part at the provider is played with fetch, and the
// app's part with inject, carrying the state cookie like a browser would.

export const STATE_COOKIE = 'sy-oidc-state';
export const CALLBACK = '/api/auth/google/callback';

export const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name);

export function expectSignedIn(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/auth/callback');
  const session = cookieOf(res, SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(session?.value).toBeTruthy();
  // The state is single use: the callback always clears its cookie.
  expect(cookieOf(res, STATE_COOKIE)?.value).toBe('');
  return session?.value as string;
}

/** The callback page gets a code, never a text: it shows its own sentence for it. */
export function expectRefused(res: LightMyRequestResponse, code?: string) {
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, APP_URL);
  expect(location.pathname).toBe('/auth/callback');
  const error = location.searchParams.get('error');
  if (code === undefined) expect(error).toMatch(/^[A-Z_]+$/);
  else expect(error).toBe(code);
  expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  expect(cookieOf(res, STATE_COOKIE)?.value).toBe('');
  return error;
}

/**
 * The provider and an app configured with it; unless told otherwise the instance already has its
 * owner, so that Google accounts created by the tests are members.
 */
export function useGoogleTests({ withOwner = true } = {}) {
  const op = useOidcProvider({
    clientId: 'shipyard-test',
    clientSecret: 'shipyard-test-secret',
    redirectUri: `${APP_URL}${CALLBACK}`,
  });
  const prelude = useTestApp(() => ({ env: op.env }));
  const { ctx } = prelude;
  if (withOwner) {
    beforeAll(async () => {
      await createUser(ctx, { role: 'super admin', email: 'owner@example.com' });
    });
  }

  const google = {
    /** A fresh Google identity; the login typed at the provider is also its `sub`. */
    identity(overrides: Partial<TestIdentity> = {}) {
      const login = `google-${randomBytes(4).toString('hex')}`;
      const value: TestIdentity = {
        email: `${login}@example.com`,
        email_verified: true,
        name: 'Grace Google',
        ...overrides,
      };
      op.identities.set(login, value);
      return { login, sub: login, ...value };
    },

    /** GET /api/auth/google: the redirect to the provider and the state cookie bound to it. */
    async startSignIn() {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/auth`);
      const state = cookieOf(res, STATE_COOKIE);
      expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
      expect(location.searchParams.get('state')).toBe(state?.value);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('nonce')).toBeTruthy();
      return { authorizationUrl: location.href, state: state?.value as string };
    },

    /** The provider's redirect back to the app, as path + query for inject. */
    callbackPath(redirect: URL) {
      expect(`${redirect.origin}${redirect.pathname}`).toBe(`${APP_URL}${CALLBACK}`);
      return `${redirect.pathname}${redirect.search}`;
    },

    async callback(path: string, state: string | undefined) {
      return ctx.app.inject({
        method: 'GET',
        url: path,
        cookies: state === undefined ? {} : { [STATE_COOKIE]: state },
      });
    },

    /** The whole round trip, as a browser would do it. */
    async signInWithGoogle(choice: ProviderChoice) {
      const { authorizationUrl, state } = await google.startSignIn();
      const redirect = await authorizeAtProvider(authorizationUrl, choice);
      const path = google.callbackPath(redirect);
      return { res: await google.callback(path, state), path, state, redirect };
    },

    me: (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/user/me', cookies: { [SESSION_COOKIE]: token } }),

    async userByEmail(email: string) {
      const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
      return row;
    },

    async sessionCount(userId: string) {
      return (await ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    },
  };

  return { ...prelude, op, ...google };
}
