import { authMessages } from '@shipyard/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { totpAt } from './auth.totp.ts';

// Issue 27 #14: failed logins for one account from many addresses are slowed, without locking
// its owner out (OWASP "Slow Down Online Guessing Attacks with Device Cookies"). A signed device
// cookie is set at every sign-in; attempts with a valid one for the account count per device,
// attempts from an address the account signed in from count per address, and all the others
// (unknown sources) count together per account and are held back after five failures.

const { ctx, as } = useTestApp();

const DEVICE = 'sy-device';
type Attempt = { email: string; password: string; from: string; device?: string };
const login = ({ email, password, from, device }: Attempt) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from,
    cookies: device ? { [DEVICE]: device } : {},
  });
const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE);
/** A fresh block of addresses per test, so that tests share no counter. */
let block = 0;
const addresses = () => {
  block++;
  return (i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
};

describe('slowing guessers without locking the owner out (issue 27 #14)', () => {
  it('holds back unknown addresses once an account failed five times from them: 20 wrong passwords from 20 addresses', async () => {
    const user = await createUser(ctx);
    const from = addresses();
    const codes: number[] = [];
    for (let i = 0; i < 20; i++)
      codes.push((await login({ email: user.email, password: `wrong-${i}`, from: from(i) })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual(Array(15).fill(429));
    // Even the right password from yet another unknown address waits (it could be a lucky guess).
    const held = await login({ email: user.email, password: user.password, from: from(20) });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED', message: authMessages.loginLocked });
    expect(held.json().details.retryAfter).toBeGreaterThan(0);
  });

  it('answers an address nobody has alike, so the limit tells nothing about accounts', async () => {
    const ghost = uniqueEmail('ghost');
    const from = addresses();
    for (let i = 0; i < 5; i++)
      expect((await login({ email: ghost, password: 'x-wrong', from: from(i) })).statusCode).toBe(401);
    expect((await login({ email: ghost, password: 'x-wrong', from: from(5) })).statusCode).toBe(429);
  });

  it('sets a signed device cookie at sign-in, with which the owner still signs in from a new address during an attack', async () => {
    const user = await createUser(ctx);
    const from = addresses();
    const first = await login({ email: user.email, password: user.password, from: from(0) });
    expect(first.statusCode).toBe(200);
    const cookie = deviceOf(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(30 * 24 * 3600);

    for (let i = 1; i <= 20; i++)
      await login({ email: user.email, password: `wrong-${i}`, from: from(100 + i) });
    expect((await login({ email: user.email, password: user.password, from: from(200) })).statusCode).toBe(
      429,
    );

    const owner = await login({
      email: user.email,
      password: user.password,
      from: from(201),
      device: cookie?.value,
    });
    expect(owner.statusCode).toBe(200);
    // A new cookie replaces it at each sign-in.
    expect(deviceOf(owner)?.value).toEqual(expect.any(String));
    expect(deviceOf(owner)?.value).not.toBe(cookie?.value);
  });

  it('lets the owner sign in from an address they signed in from before, during an attack', async () => {
    const user = await createUser(ctx);
    const from = addresses();
    expect((await login({ email: user.email, password: user.password, from: from(0) })).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++) await login({ email: user.email, password: `wrong-${i}`, from: from(i) });
    expect((await login({ email: user.email, password: user.password, from: from(0) })).statusCode).toBe(200);
  });

  it('counts the failures of a device on that device: it waits after five, other devices do not', async () => {
    const user = await createUser(ctx);
    const from = addresses();
    const mine = deviceOf(await login({ email: user.email, password: user.password, from: from(0) }))?.value;
    const theirs = deviceOf(
      await login({ email: user.email, password: user.password, from: from(1) }),
    )?.value;
    for (let i = 0; i < 5; i++)
      expect(
        (await login({ email: user.email, password: `wrong-${i}`, from: from(2), device: theirs }))
          .statusCode,
      ).toBe(401);
    expect(
      (await login({ email: user.email, password: user.password, from: from(2), device: theirs })).statusCode,
    ).toBe(429);
    // Neither the owner's device nor unknown addresses are held back by that device's failures.
    expect(
      (await login({ email: user.email, password: user.password, from: from(3), device: mine })).statusCode,
    ).toBe(200);
    expect((await login({ email: user.email, password: user.password, from: from(4) })).statusCode).toBe(200);
  });

  it("treats another account's device cookie, or a forged one, as an unknown source", async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const from = addresses();
    const othersDevice = deviceOf(
      await login({ email: other.email, password: other.password, from: from(0) }),
    )?.value;
    const forged = `${'A'.repeat(22)}.${'B'.repeat(43)}`;
    for (let i = 0; i < 5; i++) await login({ email: user.email, password: `wrong-${i}`, from: from(1 + i) });
    for (const device of [othersDevice, forged, 'garbage']) {
      const res = await login({ email: user.email, password: user.password, from: from(9), device });
      expect(res.statusCode, device).toBe(429);
    }
  });

  it('keeps a device cookie for each account signed in from one browser', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const from = addresses();
    const afterA = deviceOf(await login({ email: a.email, password: a.password, from: from(0) }))?.value;
    const both = deviceOf(
      await login({ email: b.email, password: b.password, from: from(0), device: afterA }),
    )?.value;
    for (let i = 0; i < 5; i++) await login({ email: a.email, password: `wrong-${i}`, from: from(1 + i) });
    expect(
      (await login({ email: a.email, password: a.password, from: from(9), device: both })).statusCode,
    ).toBe(200);
  });

  it('sets the device cookie when a two-factor sign-in finishes, not at the password step', async () => {
    const user = await createUser(ctx);
    const from = addresses();
    const session = await login({ email: user.email, password: user.password, from: from(0) });
    const headers = { authorization: `Bearer ${session.json().token}` };
    const { secret } = (
      await as(undefined, { method: 'POST', url: '/api/auth/two-factor/setup', headers })
    ).json();
    await as(undefined, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers,
      payload: { code: totpAt(secret, ctx.clock.now()) },
    });
    const step = await login({ email: user.email, password: user.password, from: from(1) });
    expect(step.json().code).toBe('TWO_FACTOR_REQUIRED');
    expect(deviceOf(step)).toBeUndefined();
    ctx.clock.advance(30_000);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: {
        challenge_token: step.json().details.challenge_token,
        code: totpAt(secret, ctx.clock.now()),
      },
      remoteAddress: from(1),
    });
    expect(done.statusCode).toBe(200);
    expect(deviceOf(done)).toMatchObject({ httpOnly: true, path: '/api/auth/login' });
  });
});
