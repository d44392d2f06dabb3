import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../../platform/session.ts';
import { createUser } from '../../testing/factories.ts';
import { authorizeAtProvider } from '../../testing/oidc-provider.ts';
import { CALLBACK, expectRefused, expectSignedIn, useGoogleTests } from './auth.google.test-kit.ts';

// Google sign-in against a real OpenID provider: linking, refusals, sessions (auth.google.test-kit.ts).
const {
  ctx,
  op,
  identity,
  startSignIn,
  callbackPath,
  callback,
  signInWithGoogle,
  me,
  userByEmail,
  sessionCount,
} = useGoogleTests();

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
