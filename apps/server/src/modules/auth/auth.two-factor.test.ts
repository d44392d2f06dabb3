import { SESSION_COOKIE, securityMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, twoFactors } from '../../db/schema/index.ts';
import { createInstanceSettings } from '../../platform/settings.ts';
import { createUser } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { totpAt } from './auth.totp.ts';

// A fixed clock that the tests move by whole TOTP steps: codes are computed, never waited for.
let now = new Date('2026-03-02T10:00:00.000Z');
const STEP = 30_000;
const tick = (steps = 1) => {
  now = new Date(now.getTime() + steps * STEP);
};
const { ctx, as, member } = useTestApp({ clock: { now: () => new Date(now) } });

type Account = { email: string; password: string };
const login = (user: Account) => as(undefined, { method: 'POST', url: '/api/auth/login', payload: user });
const secondStep = (challenge_token: string, code: string) =>
  as(undefined, { method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge_token, code } });

/** Enrols the signed-in user; answers the secret and the recovery codes. */
async function enrol(who: Signed) {
  const setup = await as(who, { method: 'POST', url: '/api/auth/two-factor/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Shipyard:.*secret=/);
  const enable = await as(who, {
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    payload: { code: totpAt(secret, now) },
  });
  expect(enable.statusCode).toBe(200);
  tick();
  return { secret, codes: enable.json<{ recovery_codes: string[] }>().recovery_codes };
}

async function challengeOf(user: Account) {
  const res = await login(user);
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    code: 'TWO_FACTOR_REQUIRED',
    message: securityMessages.twoFactorRequired,
  });
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.json<{ details: { challenge_token: string } }>().details.challenge_token;
}

describe('enrolling in two-factor sign-in', () => {
  it('turns it on with a first code, answers ten recovery codes once and stores them hashed', async () => {
    const who = await member();
    const setup = await as(who, { method: 'POST', url: '/api/auth/two-factor/setup' });
    const { secret } = setup.json<{ secret: string }>();
    // The secret is stored encrypted, never as sent.
    const [stored] = await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, who.user.id));
    expect(stored?.secret).not.toContain(secret);
    expect(stored?.enabledAt).toBeNull();

    const wrong = await as(who, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID' });

    const ok = await as(who, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { code: totpAt(secret, now) },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const hashes = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.user.id));
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);

    const status = await as(who, { url: '/api/auth/two-factor' });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // A second setup is refused while it is on.
    expect((await as(who, { method: 'POST', url: '/api/auth/two-factor/setup' })).statusCode).toBe(409);
  });

  it('answers 401 without a session and 403 to an API token', async () => {
    for (const url of [
      '/api/auth/two-factor/setup',
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/disable',
    ]) {
      const res = await as(undefined, { method: 'POST', url, payload: { code: '123456' } });
      expect(res.statusCode).toBe(401);
    }
    const who = await member();
    const created = await as(who, {
      method: 'POST',
      url: '/api/auth/tokens',
      payload: { name: 'ci', scope: 'write', expires_in_days: 7 },
    });
    const token = created.json<{ token: string }>().token;
    const res = await as(undefined, {
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'API_TOKEN_NOT_ALLOWED',
      message: securityMessages.tokenNotAllowed,
    });
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password, and signs in with a current one', async () => {
    const who = await member();
    const { secret } = await enrol(who);
    const challenge = await challengeOf(who.user);
    // The challenge is not a session.
    const asChallenge = await as(undefined, {
      url: '/api/user/me',
      headers: { authorization: `Bearer ${challenge}` },
    });
    expect(asChallenge.statusCode).toBe(401);

    const res = await secondStep(challenge, totpAt(secret, now));
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    const me = await as(undefined, {
      url: '/api/user/me',
      headers: { authorization: `Bearer ${res.json<{ token: string }>().token}` },
    });
    expect(me.json()).toMatchObject({ email: who.user.email });
    // The challenge is spent.
    tick();
    expect((await secondStep(challenge, totpAt(secret, now))).statusCode).toBe(401);
  });

  it('refuses a code that was already used, even within its 30 seconds', async () => {
    const who = await member();
    const { secret } = await enrol(who);
    const code = totpAt(secret, now);
    expect((await secondStep(await challengeOf(who.user), code)).statusCode).toBe(200);
    const replay = await secondStep(await challengeOf(who.user), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'CODE_INVALID', message: securityMessages.codeInvalid });
    // An older code (the step before) is refused too; the next step's code works.
    tick();
    expect((await secondStep(await challengeOf(who.user), totpAt(secret, now))).statusCode).toBe(200);
  });

  it('accepts each recovery code once, in any case and with or without dashes', async () => {
    const who = await member();
    const { codes } = await enrol(who);
    const [first, second] = codes as [string, string];
    expect((await secondStep(await challengeOf(who.user), first)).statusCode).toBe(200);
    expect((await secondStep(await challengeOf(who.user), first)).statusCode).toBe(400);
    const typed = second.replaceAll('-', ' ').toUpperCase();
    expect((await secondStep(await challengeOf(who.user), typed)).statusCode).toBe(200);
    const status = await as(who, { url: '/api/auth/two-factor' });
    expect(status.json()).toMatchObject({ recovery_codes_left: 8 });
  });

  it('keeps the challenge through a wrong code, then refuses after five wrong codes per account', async () => {
    const who = await member();
    const { secret } = await enrol(who);
    const challenge = await challengeOf(who.user);
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(challenge, '111111')).statusCode).toBe(400);
    }
    const locked = await secondStep(challenge, totpAt(secret, now));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('lets a challenge lapse after 5 minutes', async () => {
    const who = await member();
    const { secret } = await enrol(who);
    const challenge = await challengeOf(who.user);
    tick(11);
    const res = await secondStep(challenge, totpAt(secret, now));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      message: securityMessages.challengeExpired,
    });
  });

  it('turns off with a current code, after which login asks for none', async () => {
    const who = await member();
    const { secret } = await enrol(who);
    const wrong = await as(who, {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { code: '222222' },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await as(who, {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { code: totpAt(secret, now) },
    });
    expect(off.statusCode).toBe(200);
    expect((await login(who.user)).statusCode).toBe(200);
    expect((await as(who, { url: '/api/auth/two-factor' })).json()).toMatchObject({ enabled: false });
  });

  it('turns off with a recovery code', async () => {
    const who = await member();
    const { codes } = await enrol(who);
    const off = await as(who, {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      payload: { code: codes[3] },
    });
    expect(off.statusCode).toBe(200);
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.user.id))).toEqual(
      [],
    );
  });
});

describe('two-factor required by an admin', () => {
  it('makes an account without it enrol at its next sign-in, then signs it in', async () => {
    const settings = createInstanceSettings(ctx.db);
    const user = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'admin' });
    await settings.set('require_two_factor', true, admin.id);
    try {
      const res = await login(user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
      const challenge_token = res.json<{ details: { challenge_token: string } }>().details.challenge_token;
      // The setup challenge is not a code challenge.
      expect((await secondStep(challenge_token, '123456')).statusCode).toBe(401);

      const setup = await as(undefined, {
        method: 'POST',
        url: '/api/auth/login/two-factor/setup',
        payload: { challenge_token },
      });
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json<{ secret: string }>();
      const enable = await as(undefined, {
        method: 'POST',
        url: '/api/auth/login/two-factor/enable',
        payload: { challenge_token, code: totpAt(secret, now) },
      });
      expect(enable.statusCode).toBe(200);
      expect(enable.json()).toMatchObject({ user: { email: user.email }, recovery_codes: expect.any(Array) });
      expect(String(enable.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
      tick();
      // From now on it is asked for a code like any enrolled account.
      const next = await login(user);
      expect(next.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    } finally {
      await settings.set('require_two_factor', false, admin.id);
    }
  });
});
