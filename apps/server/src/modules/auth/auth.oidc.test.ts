import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { createUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { authorizeAtProvider, useOidcProvider } from '../../testing/oidc-provider.ts';
import { APP_URL } from '../../testing/test-app.ts';
import { totpAt } from './auth.totp.ts';

// The generic OpenID Connect provider (OIDC_PROVIDER_*), end to end against the test provider:
// the same linking rules as Google, and the same second factor.

const CALLBACK = '/api/auth/oidc/callback';
const op = useOidcProvider({
  clientId: 'acme-sso',
  clientSecret: 'acme-sso-secret',
  redirectUri: `${APP_URL}${CALLBACK}`,
});
const { ctx } = useTestApp(() => ({
  env: {
    OIDC_PROVIDER_ISSUER: op.issuer,
    OIDC_PROVIDER_CLIENT_ID: 'acme-sso',
    OIDC_PROVIDER_CLIENT_SECRET: 'acme-sso-secret',
    OIDC_PROVIDER_LABEL: 'Acme SSO',
  },
}));
beforeAll(async () => {
  await createUser(ctx, { role: 'super admin', email: 'owner-oidc@example.com' });
});

function identity(email_verified = true, email?: string) {
  const login = `sso-${randomBytes(4).toString('hex')}`;
  op.identities.set(login, { email: email ?? `${login}@example.com`, email_verified, name: 'Sam Sso' });
  return { login, email: email ?? `${login}@example.com` };
}

async function signInWithSso(login: string): Promise<LightMyRequestResponse> {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc' });
  expect(start.statusCode).toBe(302);
  const state = start.cookies.find((c) => c.name === 'sy-oidc-state');
  expect(state).toMatchObject({ path: '/api/auth/oidc', httpOnly: true });
  const redirect = await authorizeAtProvider(start.headers.location as string, { login });
  expect(`${redirect.origin}${redirect.pathname}`).toBe(`${APP_URL}${CALLBACK}`);
  return ctx.app.inject({
    method: 'GET',
    url: `${redirect.pathname}${redirect.search}`,
    cookies: { 'sy-oidc-state': state?.value as string },
  });
}
const sessionOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
const userByEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('the generic OpenID Connect provider', () => {
  it('is offered with its label by GET /api/auth/providers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: false, oidc: { label: 'Acme SSO' } });
  });

  it('creates a verified member account on a first sign-in', async () => {
    const who = identity();
    const res = await signInWithSso(who.login);
    expect(res.headers.location).toBe('/auth/callback');
    expect(sessionOf(res)).toBeTruthy();
    expect(await userByEmail(who.email)).toMatchObject({
      oidcSub: who.login,
      googleSub: null,
      role: 'member',
    });
    // And finds it again by its subject.
    const again = await signInWithSso(who.login);
    expect(sessionOf(again)).toBeTruthy();
  });

  it('links no existing account on its e-mail, verified or not: its owner links it from Settings (issue 27 #13)', async () => {
    for (const verified of [true, false]) {
      const who = identity();
      const existing = await createUser(ctx, { email: who.email, verified });
      const res = await signInWithSso(who.login);
      expect(res.headers.location).toBe('/auth/callback?error=OIDC_LINK_REQUIRED');
      expect(sessionOf(res)).toBeUndefined();
      const row = await userByEmail(who.email);
      expect(row).toMatchObject({ id: existing.id, oidcSub: null, passwordHash: existing.passwordHash });
    }
  });

  it('refuses to link when the provider has not verified the address', async () => {
    const who = identity(false);
    await createUser(ctx, { email: who.email });
    const res = await signInWithSso(who.login);
    expect(res.headers.location).toBe('/auth/callback?error=OIDC_EMAIL_UNVERIFIED');
    expect(sessionOf(res)).toBeUndefined();
    expect((await userByEmail(who.email))?.oidcSub).toBeNull();
    // The refusal is in the audit log.
    const failures = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in.failure'));
    expect(failures.map((f) => f.details)).toContainEqual({
      provider: 'oidc',
      reason: 'OIDC_EMAIL_UNVERIFIED',
    });
  });

  it('asks for the second factor of an account that has one on', async () => {
    const who = identity();
    expect(sessionOf(await signInWithSso(who.login))).toBeTruthy();
    const row = await userByEmail(who.email);
    if (!row) throw new Error('no account');
    const session = sessionOf(await signInWithSso(who.login)) as string;
    const headers = { authorization: `Bearer ${session}` };
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers });
    const { secret } = setup.json<{ secret: string }>();
    const now = ctx.clock.now();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers,
      payload: { code: totpAt(secret, now) },
    });

    const res = await signInWithSso(who.login);
    expect(sessionOf(res)).toBeUndefined();
    const location = new URL(res.headers.location as string, APP_URL);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('step')).toBe('code');
    const challenge_token = location.searchParams.get('challenge_token') as string;
    ctx.clock.advance(30_000);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { challenge_token, code: totpAt(secret, ctx.clock.now()) },
    });
    expect(done.statusCode).toBe(200);
  });
});
