import { randomBytes } from 'node:crypto';
import { authMessages, SESSION_COOKIE } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createSessionStore } from '../../platform/session.ts';
import { createUser } from '../../testing/factories.ts';
import {
  authorizeAtProvider,
  type ProviderChoice,
  startOidcProvider,
  type TestIdentity,
  type TestOidcProvider,
} from '../../testing/oidc-provider.ts';
import { APP_URL, buildTestApp, type TestContext } from '../../testing/test-app.ts';

// Google sign-in end to end: the app talks to a real OpenID provider on loopback (discovery,
// token endpoint, JWKS), the browser's part at the provider is played with fetch, and the
// app's part with inject, carrying the state cookie like a browser would.

const STATE_COOKIE = 'sy-oidc-state';
const CALLBACK = '/api/auth/google/callback';

let op: TestOidcProvider;
let ctx: TestContext;

beforeAll(async () => {
  op = await startOidcProvider({
    clientId: 'shipyard-test',
    clientSecret: 'shipyard-test-secret',
    redirectUri: `${APP_URL}${CALLBACK}`,
  });
  ctx = await buildTestApp({ env: op.env });
  // The instance already has its owner, so Google accounts created below are members.
  await createUser(ctx, { role: 'super admin', email: 'owner@example.com' });
});
afterAll(async () => {
  await ctx?.close();
  await op?.close();
});

/** A fresh Google identity; the login typed at the provider is also its `sub`. */
function identity(overrides: Partial<TestIdentity> = {}) {
  const login = `google-${randomBytes(4).toString('hex')}`;
  const value: TestIdentity = {
    email: `${login}@example.com`,
    email_verified: true,
    name: 'Grace Google',
    ...overrides,
  };
  op.identities.set(login, value);
  return { login, sub: login, ...value };
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** GET /api/auth/google: the redirect to the provider and the state cookie bound to it. */
async function startSignIn(app = ctx.app) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/auth`);
  const state = cookieOf(res, STATE_COOKIE);
  expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
  expect(location.searchParams.get('state')).toBe(state?.value);
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  expect(location.searchParams.get('nonce')).toBeTruthy();
  return { authorizationUrl: location.href, state: state?.value as string };
}

/** The provider's redirect back to the app, as path + query for inject. */
function callbackPath(redirect: URL) {
  expect(`${redirect.origin}${redirect.pathname}`).toBe(`${APP_URL}${CALLBACK}`);
  return `${redirect.pathname}${redirect.search}`;
}

async function callback(path: string, state: string | undefined, app = ctx.app) {
  return app.inject({
    method: 'GET',
    url: path,
    cookies: state === undefined ? {} : { [STATE_COOKIE]: state },
  });
}

/** The whole round trip, as a browser would do it. */
async function signInWithGoogle(choice: ProviderChoice, app = ctx.app) {
  const { authorizationUrl, state } = await startSignIn(app);
  const redirect = await authorizeAtProvider(authorizationUrl, choice);
  const path = callbackPath(redirect);
  return { res: await callback(path, state, app), path, state, redirect };
}

function expectSignedIn(res: LightMyRequestResponse) {
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
function expectRefused(res: LightMyRequestResponse, code?: string) {
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

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/me', cookies: { [SESSION_COOKIE]: token } });

async function userByEmail(email: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function sessionCount(userId: string) {
  return (await ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('Google sign-in against a real OpenID provider', () => {
  it('tells the client, without a session, that Google sign-in is offered', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: true, oidc: null });
  });

  it('declares the providers call in the OpenAPI document, with no security', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/auth/providers']?.get;
    expect(op?.security).toEqual([]);
    expect(op?.responses?.['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { google: { type: 'boolean' } },
      required: ['google', 'oidc'],
    });
  });

  it('creates an account for a new Google identity with a verified e-mail and signs it in', async () => {
    const who = identity({ name: 'Ada Lovelace' });
    const { res } = await signInWithGoogle({ login: who.login });
    const token = expectSignedIn(res);

    const row = await userByEmail(who.email);
    expect(row).toMatchObject({
      googleSub: who.sub,
      name: 'Ada Lovelace',
      role: 'member',
      passwordHash: null,
      disabledAt: null,
    });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await sessionCount(row?.id as string)).toBe(1);

    const profile = await me(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: row?.id, email: who.email, name: 'Ada Lovelace' });
  });

  it('links a verified password account with the same e-mail, keeping its password and name', async () => {
    const existing = await createUser(ctx, { name: 'Pat Password' });
    const who = identity({ email: existing.email.toUpperCase(), email_verified: true });

    const first = await signInWithGoogle({ login: who.login });
    const token = expectSignedIn(first.res);
    const linked = await userByEmail(existing.email);
    expect(linked).toMatchObject({
      id: existing.id,
      googleSub: who.sub,
      name: 'Pat Password',
      passwordHash: existing.passwordHash,
    });
    expect(linked?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await me(token)).json()).toMatchObject({ id: existing.id, email: existing.email });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: existing.password },
    });
    expect(login.statusCode).toBe(200);

    // The next sign-in finds the account by its Google subject, even after the Google address changed.
    const renamed = `renamed-${who.login}@example.com`;
    op.identities.set(who.login, { email: renamed, email_verified: true });
    const second = await signInWithGoogle({ login: who.login });
    expect((await me(expectSignedIn(second.res))).json()).toMatchObject({ id: existing.id });
    expect(await userByEmail(renamed)).toBeUndefined();
    expect(await sessionCount(existing.id)).toBe(3);
  });

  it('claims an unverified account registered with the address: its password, sessions and links end (issue 13 #2)', async () => {
    // Someone registered the victim's address with a password of theirs, before the victim came.
    const squatted = await createUser(ctx, {
      name: 'Not Grace',
      password: 'attacker-pass-1',
      verified: false,
    });
    const squatterSession = await createSessionStore(ctx.db, ctx.clock).create(squatted.id, {});
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: squatted.email },
    });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === squatted.email)).toBe(true);
    const resetToken = ctx.mail.linkTo(squatted.email, 'reset_token').searchParams.get('reset_token');

    const who = identity({ email: squatted.email, email_verified: true, name: 'Grace Victim' });
    const token = expectSignedIn((await signInWithGoogle({ login: who.login })).res);

    const claimed = await userByEmail(squatted.email);
    expect(claimed).toMatchObject({
      id: squatted.id,
      googleSub: who.sub,
      passwordHash: null,
      name: 'Grace Victim',
    });
    expect(claimed?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await me(token)).statusCode).toBe(200);
    // The squatter's password, session and any link mailed before no longer open the account.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatted.email, password: 'attacker-pass-1' },
    });
    expect(login.statusCode).toBe(401);
    expect((await me(squatterSession)).statusCode).toBe(401);
    expect(await sessionCount(squatted.id)).toBe(1);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token: resetToken, newPassword: 'attacker-pass-2' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('refuses to link an existing account when Google says the e-mail is not verified', async () => {
    const existing = await createUser(ctx);
    const who = identity({ email: existing.email, email_verified: false });

    const { res } = await signInWithGoogle({ login: who.login });
    expectRefused(res, 'GOOGLE_EMAIL_UNVERIFIED');
    expect(await userByEmail(existing.email)).toMatchObject({ id: existing.id, googleSub: null });
    expect(await sessionCount(existing.id)).toBe(0);
  });

  it('creates no account for an unverified Google e-mail', async () => {
    const who = identity({ email_verified: false });
    const { res } = await signInWithGoogle({ login: who.login });
    expectRefused(res, 'GOOGLE_EMAIL_UNVERIFIED');
    expect(await userByEmail(who.email)).toBeUndefined();
  });

  it('signs no one in when the user cancels at the provider', async () => {
    const who = identity();
    const { res, redirect } = await signInWithGoogle({ login: who.login, action: 'deny' });
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.has('code')).toBe(false);
    expectRefused(res);
    expect(await userByEmail(who.email)).toBeUndefined();
  });

  it('signs no one in when the provider answers with an error', async () => {
    const { state } = await startSignIn();
    const res = await callback(
      `${CALLBACK}?error=access_denied&error_description=${encodeURIComponent('Call +1 555 0100 to unlock your account')}&state=${state}`,
      state,
    );
    expectRefused(res, 'GOOGLE_DENIED');
    expect(res.headers.location).not.toContain('555');
  });

  it('refuses a callback whose state is not the one bound to this browser (login CSRF)', async () => {
    // The attacker completes a sign-in of their own and sends the victim the callback link.
    const attacker = identity();
    const { authorizationUrl } = await startSignIn();
    const attackerCallback = callbackPath(
      await authorizeAtProvider(authorizationUrl, { login: attacker.login }),
    );

    // The victim's browser carries its own state cookie, or none.
    const victim = await startSignIn();
    expectRefused(await callback(attackerCallback, victim.state), 'GOOGLE_STATE');
    expectRefused(await callback(attackerCallback, undefined), 'GOOGLE_STATE');
    expect(await userByEmail(attacker.email)).toBeUndefined();
  });

  it('refuses a state and code that were already used (replay)', async () => {
    const who = identity();
    const { res, path, state } = await signInWithGoogle({ login: who.login });
    expectSignedIn(res);
    const row = await userByEmail(who.email);

    expectRefused(await callback(path, state), 'GOOGLE_STATE');
    expect(await sessionCount(row?.id as string)).toBe(1);
  });

  it('refuses a callback after the sign-in expired', async () => {
    const who = identity();
    const { authorizationUrl, state } = await startSignIn();
    const path = callbackPath(await authorizeAtProvider(authorizationUrl, { login: who.login }));
    ctx.clock.advance(11 * 60 * 1000);
    try {
      expectRefused(await callback(path, state), 'GOOGLE_STATE');
    } finally {
      ctx.clock.advance(-11 * 60 * 1000);
    }
    expect(await userByEmail(who.email)).toBeUndefined();
  });

  it('neither signs in to nor links a disabled account', async () => {
    const existing = await createUser(ctx, { disabled: true });
    const who = identity({ email: existing.email });
    const { res } = await signInWithGoogle({ login: who.login });
    expectRefused(res, 'ACCOUNT_DISABLED');
    expect(await sessionCount(existing.id)).toBe(0);
    expect((await userByEmail(existing.email))?.googleSub).toBeNull();
  });
});

describe('realtime changes of Google sign-in', () => {
  it('publishes a new account to the admins, and nothing for a sign-in that creates none', async () => {
    const who = identity();
    const before = ctx.published.length;
    expectSignedIn((await signInWithGoogle({ login: who.login })).res);
    const id = (await userByEmail(who.email))?.id;
    expect(ctx.published.slice(before)).toEqual([
      expect.objectContaining({ kind: 'user', op: 'created', id, productId: null, admins: true }),
    ]);

    const again = ctx.published.length;
    expectSignedIn((await signInWithGoogle({ login: who.login })).res);
    expectRefused((await signInWithGoogle({ login: identity({ email_verified: false }).login })).res);
    expect(ctx.published.slice(again)).toEqual([]);
  });
});

describe('Google sign-in on a new instance', () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await buildTestApp({ env: op.env });
  });
  afterAll(() => fresh?.close());

  it('makes the first account the super admin, and later ones members', async () => {
    const first = identity();
    expectSignedIn((await signInWithGoogle({ login: first.login }, fresh.app)).res);
    const second = identity();
    expectSignedIn((await signInWithGoogle({ login: second.login }, fresh.app)).res);

    const rows = await fresh.db.select().from(users);
    expect(rows.map((r) => [r.email, r.role, r.googleSub]).sort()).toEqual(
      [
        [first.email, 'super admin', first.sub],
        [second.email, 'member', second.sub],
      ].sort(),
    );
  });
});

describe('Google sign-in when not configured', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare?.close());

  it('tells the client, without a session, that Google sign-in is not offered', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false, oidc: null });
  });

  it('answers 503 GOOGLE_NOT_CONFIGURED to an API client', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/auth/google' });
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
    const res = await bare.app.inject({
      method: 'GET',
      url: '/api/auth/google',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?error=GOOGLE_NOT_CONFIGURED');
  });

  it('refuses a callback', async () => {
    const res = await bare.app.inject({ method: 'GET', url: `${CALLBACK}?code=x&state=y` });
    expectRefused(res, 'GOOGLE_NOT_CONFIGURED');
  });
});
