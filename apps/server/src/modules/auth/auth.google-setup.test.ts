import { authMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../testing/http.ts';
import {
  CALLBACK,
  cookieOf,
  expectRefused,
  expectSignedIn,
  STATE_COOKIE,
  useGoogleTests,
} from './auth.google.test-kit.ts';

// Google sign-in on an instance without an owner yet, and on one without Google configured.
const { ctx, identity, signInWithGoogle } = useGoogleTests({ withOwner: false });

describe('Google sign-in on a new instance', () => {
  it('makes the first account the super admin, and later ones members', async () => {
    const first = identity();
    expectSignedIn((await signInWithGoogle({ login: first.login })).res);
    const second = identity();
    expectSignedIn((await signInWithGoogle({ login: second.login })).res);

    const rows = await ctx.db.select().from(users);
    expect(rows.map((r) => [r.email, r.role, r.googleSub]).sort()).toEqual(
      [
        [first.email, 'super admin', first.sub],
        [second.email, 'member', second.sub],
      ].sort(),
    );
  });
});

describe('Google sign-in when not configured', () => {
  const bare = useTestApp();

  it('tells the client, without a session, that Google sign-in is not offered', async () => {
    const res = await bare.ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false, oidc: null });
  });

  it('answers 503 GOOGLE_NOT_CONFIGURED to an API client', async () => {
    const res = await bare.ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: expect.any(String),
      message: authMessages.googleNotConfigured,
      code: 'GOOGLE_NOT_CONFIGURED',
      requestId: expect.any(String),
    });
    expect(cookieOf(res, STATE_COOKIE)).toBeUndefined();
  });

  it('sends a browser back to the app with the error code', async () => {
    const res = await bare.ctx.app.inject({
      method: 'GET',
      url: '/api/auth/google',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?error=GOOGLE_NOT_CONFIGURED');
  });

  it('refuses a callback', async () => {
    const res = await bare.ctx.app.inject({ method: 'GET', url: `${CALLBACK}?code=x&state=y` });
    expectRefused(res, 'GOOGLE_NOT_CONFIGURED');
  });
});
