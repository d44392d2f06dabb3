import { authMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, uniqueEmail } from '../../testing/factories.ts';
import { APP_URL } from '../../testing/test-app.ts';
import { expectError, useAuthTests } from './auth.test-kit.ts';

// Resetting a forgotten password, and the links a password change ends.
const { ctx, post, patch, me } = useAuthTests();

describe('password reset', () => {
  it('answers the same whether or not the account exists', async () => {
    const user = await createUser(ctx);
    const known = await post('/api/auth/reset-password', { email: user.email });
    const unknown = await post('/api/auth/reset-password', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expectError(
      await post('/api/auth/reset-password', { email: 'nope' }),
      400,
      'Please enter a valid email address',
    );
  });

  it('sets the new password once with the mailed token, and ends every session', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await post('/api/auth/reset-password', { email: user.email });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === user.email)).toBe(true);
    const link = ctx.mail.linkTo(user.email, '/auth?reset_token=');
    expect(link.origin).toBe(APP_URL);
    const token = link.searchParams.get('reset_token') ?? '';

    expectError(
      await post('/api/auth/reset-password/confirm', { token, newPassword: 'short' }),
      400,
      'Password must be at least 8 characters',
    );
    const ok = await post('/api/auth/reset-password/confirm', { token, newPassword: 'brand-new-pass' });
    expect(ok.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
    expectError(
      await post('/api/auth/reset-password/confirm', { token, newPassword: 'third-password' }),
      400,
      authMessages.resetTokenInvalid,
    );
  });

  it('refuses a reset link older than an hour', async () => {
    const user = await createUser(ctx);
    await post('/api/auth/reset-password', { email: user.email });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === user.email)).toBe(true);
    const token = ctx.mail.linkTo(user.email, 'reset_token').searchParams.get('reset_token') ?? '';
    ctx.clock.advance(61 * 60 * 1000);
    try {
      expectError(
        await post('/api/auth/reset-password/confirm', { token, newPassword: 'brand-new-pass' }),
        400,
        authMessages.resetTokenInvalid,
      );
    } finally {
      ctx.clock.advance(-61 * 60 * 1000);
    }
    expect((await post('/api/auth/login', user)).statusCode).toBe(200);
  });
});

describe('outstanding links end when the password changes (issue 13 #6)', () => {
  const resetLinkOf = async (email: string) => {
    await post('/api/auth/reset-password', { email });
    await expect
      .poll(() => ctx.mail.sent.some((m) => m.to === email && m.text.includes('reset_token')))
      .toBe(true);
    return ctx.mail.linkTo(email, 'reset_token').searchParams.get('reset_token') ?? '';
  };
  const confirmReset = (token: string, newPassword = 'attacker-pass-1') =>
    post('/api/auth/reset-password/confirm', { token, newPassword });

  it('a password change cancels a reset link mailed before it', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const token = await resetLinkOf(user.email);
    const changed = await patch(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
      headers,
    );
    expect(changed.statusCode).toBe(200);
    expectError(await confirmReset(token), 400, authMessages.resetTokenInvalid, 'TOKEN_INVALID');
    expect((await post('/api/auth/login', { email: user.email, password: 'fresh-pass-1' })).statusCode).toBe(
      200,
    );
  });

  it('a password reset cancels the temporary-password token and the verification link', async () => {
    const forced = await createUser(ctx, { mustChangePassword: true });
    const tempToken = (await post('/api/auth/login', forced)).json().details.temp_token;
    await confirmReset(await resetLinkOf(forced.email), 'reset-pass-1');
    expectError(
      await patch('/api/auth/force-change-password', { temp_token: tempToken, new_password: 'temp-pass-12' }),
      401,
      authMessages.tempTokenInvalid,
    );

    const body = { name: 'Una Verified', email: uniqueEmail('una'), password: 'secret1' };
    await post('/api/auth/register', body);
    const verifyToken = ctx.mail.linkTo(body.email, '/verify').searchParams.get('token');
    expect((await confirmReset(await resetLinkOf(body.email), 'reset-pass-2')).statusCode).toBe(200);
    expectError(
      await ctx.app.inject(`/api/auth/verify?token=${verifyToken}`),
      400,
      authMessages.verifyTokenInvalid,
    );
  });

  it('a forced password change cancels a reset link mailed before it', async () => {
    const forced = await createUser(ctx, { mustChangePassword: true });
    const token = await resetLinkOf(forced.email);
    const tempToken = (await post('/api/auth/login', forced)).json().details.temp_token;
    const changed = await patch('/api/auth/force-change-password', {
      temp_token: tempToken,
      new_password: 'chosen-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expectError(await confirmReset(token), 400, authMessages.resetTokenInvalid);
    expect(
      (await post('/api/auth/login', { email: forced.email, password: 'chosen-pass-1' })).statusCode,
    ).toBe(200);
  });
});
