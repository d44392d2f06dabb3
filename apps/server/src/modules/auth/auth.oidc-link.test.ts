import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE, securityMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { apiTokenHeaders, createUser, signIn } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { authorizeAtProvider, useOidcProvider } from '../../testing/oidc-provider.ts';
import { APP_URL } from '../../testing/test-app.ts';

// Issue 27 #13: the generic OpenID provider (OIDC_PROVIDER_*) no longer signs in to an existing
// account on its e-mail claim: the account's owner links it from Settings while signed in. And no
// provider replaces the subject an account is linked to with another one.

const MINUTE = 60 * 1000;
const sso = useOidcProvider({
  clientId: 'acme-sso',
  clientSecret: 'acme-sso-secret',
  redirectUri: `${APP_URL}/api/auth/oidc/callback`,
});
const google = useOidcProvider({
  clientId: 'google-test',
  clientSecret: 'google-test-secret',
  redirectUri: `${APP_URL}/api/auth/google/callback`,
});
const { ctx } = useTestApp(() => ({
  env: {
    ...google.env,
    OIDC_PROVIDER_ISSUER: sso.issuer,
    OIDC_PROVIDER_CLIENT_ID: 'acme-sso',
    OIDC_PROVIDER_CLIENT_SECRET: 'acme-sso-secret',
    OIDC_PROVIDER_LABEL: 'Acme SSO',
  },
}));
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  owner = await createUser(ctx, { role: 'super admin', email: 'owner-link@example.com' });
});

type Kind = 'oidc' | 'google';
const providerOf = (kind: Kind) => (kind === 'oidc' ? sso : google);
function identity(kind: Kind, email?: string) {
  const login = `${kind}-${randomBytes(4).toString('hex')}`;
  const address = email ?? `${login}@example.com`;
  providerOf(kind).identities.set(login, { email: address, email_verified: true, name: 'Idy Ident' });
  return { login, email: address };
}
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const userByEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
const stored = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

/** Sign-in through a provider from the sign-in page; the callback's answer. */
async function signInWith(kind: Kind, login: string) {
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/${kind}` });
  const state = cookieOf(start, 'sy-oidc-state')?.value as string;
  const back = await authorizeAtProvider(start.headers.location as string, { login });
  return ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { 'sy-oidc-state': state },
  });
}

/** A signed-in browser: its session cookie. */
async function browserOf(user: { email: string; password: string }) {
  return { [SESSION_COOKIE]: (await signIn(ctx, user)).token };
}

/** Linking from Settings → Account: POST …/link, the provider, the callback. */
async function linkWith(kind: Kind, login: string, cookies: Record<string, string>) {
  const start = await ctx.app.inject({ method: 'POST', url: `/api/auth/${kind}/link`, cookies });
  if (start.statusCode !== 200) return start;
  const linkState = cookieOf(start, 'sy-oidc-link');
  expect(linkState).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `/api/auth/${kind}` });
  const back = await authorizeAtProvider(start.json<{ url: string }>().url, { login });
  // The provider sends the browser back cross-site: the Strict session cookie is not sent.
  return ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { 'sy-oidc-link': linkState?.value as string },
  });
}
const settingsOutcome = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(302);
  const to = new URL(res.headers.location as string, APP_URL);
  expect(to.pathname).toBe('/settings');
  expect(to.searchParams.get('tab')).toBe('account');
  return to.searchParams.get('link_error') ?? `linked:${to.searchParams.get('linked')}`;
};

describe('signing in with the generic provider to an existing account (issue 27 #13)', () => {
  it("refuses an identity whose e-mail is the super admin's, links nothing and opens no session", async () => {
    const who = identity('oidc', owner.email);
    const res = await signInWith('oidc', who.login);
    expect(res.headers.location).toBe('/auth/callback?error=OIDC_LINK_REQUIRED');
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    expect((await stored(owner.id))?.oidcSub).toBeNull();
  });

  it('refuses a second subject with the address of an account already linked, keeping the first', async () => {
    const first = identity('oidc');
    expect(cookieOf(await signInWith('oidc', first.login), SESSION_COOKIE)?.value).toBeTruthy();
    const second = identity('oidc', first.email);
    const res = await signInWith('oidc', second.login);
    expect(res.headers.location).toBe('/auth/callback?error=OIDC_ALREADY_LINKED');
    expect((await userByEmail(first.email))?.oidcSub).toBe(first.login);
  });

  it('refuses a second Google subject with the address of an account linked to Google, keeping the first', async () => {
    const first = identity('google');
    expect(cookieOf(await signInWith('google', first.login), SESSION_COOKIE)?.value).toBeTruthy();
    const second = identity('google', first.email);
    const res = await signInWith('google', second.login);
    expect(res.headers.location).toBe('/auth/callback?error=GOOGLE_ALREADY_LINKED');
    expect((await userByEmail(first.email))?.googleSub).toBe(first.login);
  });

  it('still links Google to a verified account with the same address (Google vouches for its addresses)', async () => {
    const user = await createUser(ctx);
    const who = identity('google', user.email);
    expect(cookieOf(await signInWith('google', who.login), SESSION_COOKIE)?.value).toBeTruthy();
    expect((await stored(user.id))?.googleSub).toBe(who.login);
  });
});

describe('linking the generic provider from Settings → Account (issue 27 #13)', () => {
  it('links the identity to the signed-in account, which then signs in with it', async () => {
    const user = await createUser(ctx);
    const who = identity('oidc', `other-${randomBytes(3).toString('hex')}@example.org`);
    const cookies = await browserOf(user);
    const links = await ctx.app.inject({ url: '/api/auth/links', cookies });
    expect(links.json()).toEqual({
      data: [
        { kind: 'google', label: 'Google', linked: false },
        { kind: 'oidc', label: 'Acme SSO', linked: false },
      ],
    });

    expect(settingsOutcome(await linkWith('oidc', who.login, cookies))).toBe('linked:oidc');
    expect((await stored(user.id))?.oidcSub).toBe(who.login);
    const again = await signInWith('oidc', who.login);
    expect(cookieOf(again, SESSION_COOKIE)?.value).toBeTruthy();
    const linked = await ctx.app.inject({ url: '/api/auth/links', cookies });
    expect(linked.json().data).toContainEqual({ kind: 'oidc', label: 'Acme SSO', linked: true });
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'identity.linked'));
    expect(audited.map((a) => a.targetId)).toContain(user.id);
  });

  it('needs a browser session with a recent sign-in', async () => {
    const user = await createUser(ctx);
    const signedOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/link' });
    expect(signedOut.statusCode).toBe(401);
    const signedIn = await signIn(ctx, user);
    const { token } = signedIn;
    const viaToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link',
      headers: await apiTokenHeaders(ctx, signedIn),
    });
    expect(viaToken.json()).toMatchObject({ code: 'API_TOKEN_NOT_ALLOWED' });
    ctx.clock.advance(11 * MINUTE);
    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED', message: securityMessages.reauthRequired });
  });

  it('refuses an identity that already signs in to another account', async () => {
    const taken = identity('oidc');
    await signInWith('oidc', taken.login);
    const user = await createUser(ctx);
    expect(settingsOutcome(await linkWith('oidc', taken.login, await browserOf(user)))).toBe(
      'OIDC_SUBJECT_TAKEN',
    );
    expect((await stored(user.id))?.oidcSub).toBeNull();
  });

  it('links another subject only after the first is unlinked', async () => {
    const user = await createUser(ctx);
    const cookies = await browserOf(user);
    const first = identity('oidc');
    expect(settingsOutcome(await linkWith('oidc', first.login, cookies))).toBe('linked:oidc');
    const second = identity('oidc');
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/link', cookies });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OIDC_ALREADY_LINKED');

    const unlink = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/oidc/link', cookies });
    expect(unlink.statusCode).toBe(200);
    expect((await stored(user.id))?.oidcSub).toBeNull();
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'identity.unlinked'));
    expect(audited).toContainEqual(
      expect.objectContaining({ targetId: user.id, details: { provider: 'oidc' } }),
    );
    expect(settingsOutcome(await linkWith('oidc', second.login, cookies))).toBe('linked:oidc');
    expect((await stored(user.id))?.oidcSub).toBe(second.login);
  });

  it('does not link when the session that started it signed out meanwhile', async () => {
    const user = await createUser(ctx);
    const cookies = await browserOf(user);
    const who = identity('oidc');
    const start = await ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/link', cookies });
    const linkState = cookieOf(start, 'sy-oidc-link')?.value as string;
    const back = await authorizeAtProvider(start.json<{ url: string }>().url, { login: who.login });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', cookies });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { 'sy-oidc-link': linkState },
    });
    expect(settingsOutcome(res)).toBe('OIDC_STATE');
    expect((await stored(user.id))?.oidcSub).toBeNull();
  });

  it('refuses to unlink the only way an account signs in', async () => {
    const who = identity('oidc');
    const created = await signInWith('oidc', who.login);
    const cookies = { [SESSION_COOKIE]: cookieOf(created, SESSION_COOKIE)?.value as string };
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/oidc/link', cookies });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LAST_SIGN_IN_METHOD',
      message: securityMessages.lastSignInMethod,
    });
    expect((await userByEmail(who.email))?.oidcSub).toBe(who.login);
  });
});
