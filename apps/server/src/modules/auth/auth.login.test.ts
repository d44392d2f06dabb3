import { authMessages, SESSION_COOKIE } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createSignedInUser, createUser, uniqueEmail } from '../../testing/factories.ts';
import { expectError, useAuthTests } from './auth.test-kit.ts';

// Verifying an address, signing in, and the password change forced at first sign-in.
const { ctx, post, patch, me, userByEmail } = useAuthTests();

describe('verification and login', () => {
  const register = async () => {
    const body = { name: 'Vera', email: uniqueEmail('vera'), password: 'secret1' };
    await post('/api/auth/register', body);
    return body;
  };
  const verify = (token: string | null) => ctx.app.inject(`/api/auth/verify?token=${token ?? ''}`);

  it('refuses login until the e-mail is verified, then the single-use link verifies it', async () => {
    const body = await register();
    expectError(
      await post('/api/auth/login', body),
      403,
      authMessages.emailNotVerified,
      'EMAIL_NOT_VERIFIED',
    );

    const token = ctx.mail.linkTo(body.email, '/verify').searchParams.get('token');
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: authMessages.verified });
    expectError(await verify(token), 400, authMessages.verifyTokenInvalid, 'TOKEN_INVALID');

    const login = await post('/api/auth/login', body);
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an expired verification link and a missing token', async () => {
    const body = await register();
    const token = ctx.mail.linkTo(body.email, '/verify').searchParams.get('token');
    ctx.clock.advance(25 * 60 * 60 * 1000);
    try {
      expectError(await verify(token), 400, authMessages.verifyTokenInvalid);
    } finally {
      ctx.clock.advance(-25 * 60 * 60 * 1000);
    }
    expect((await userByEmail(body.email))?.emailVerifiedAt).toBeNull();
    expect((await ctx.app.inject('/api/auth/verify')).statusCode).toBe(400);
  });

  it('resends a verification link that replaces the old one, and answers the same for unknown e-mails', async () => {
    const body = await register();
    const oldToken = ctx.mail.linkTo(body.email, '/verify').searchParams.get('token');
    const known = await post('/api/auth/resend-verification', { email: body.email });
    const unknown = await post('/api/auth/resend-verification', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await expect
      .poll(() => ctx.mail.linkTo(body.email, '/verify').searchParams.get('token'))
      .not.toBe(oldToken);
    const newToken = ctx.mail.linkTo(body.email, '/verify').searchParams.get('token');
    expect((await verify(oldToken)).statusCode).toBe(400);
    expect((await verify(newToken)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await createUser(ctx);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', {
      email: uniqueEmail('ghost'),
      password: 'wrong-password',
    });
    expectError(wrong, 401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
    expectError(unknown, 401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
  });

  it('validates the login form with the spec messages', async () => {
    expectError(
      await post('/api/auth/login', { email: 'x', password: 'secret1' }),
      400,
      'Invalid email address',
    );
    expectError(
      await post('/api/auth/login', { email: 'a@b.co', password: '123' }),
      400,
      'Password must be at least 6 characters',
    );
  });

  it('sets the sec-prd-token cookie: HttpOnly, SameSite=Strict, Path=/, 7 days; it and the bearer token both work', async () => {
    const user = await createUser(ctx);
    const res = await post('/api/auth/login', { email: user.email, password: user.password });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 604800 });
    expect(cookie?.value).toBe(res.json().token);
    expect((await me({ cookie: `${SESSION_COOKIE}=${cookie?.value}` })).json().email).toBe(user.email);
    expect((await me({ authorization: `Bearer ${res.json().token}` })).json().id).toBe(user.id);
  });

  it('stores sessions hashed, never the token itself', async () => {
    const { token, user } = await createSignedInUser(ctx);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[a-f0-9]{64}$/);
  });

  it('refuses a disabled account after the password check', async () => {
    const user = await createUser(ctx, { disabled: true });
    expectError(await post('/api/auth/login', user), 403, authMessages.accountDisabled, 'ACCOUNT_DISABLED');
  });
});

describe('forced password change', () => {
  it('answers the temp_token on login, and force-change-password returns a session', async () => {
    const user = await createUser(ctx, { mustChangePassword: true });
    const res = await post('/api/auth/login', user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('You must change your password before continuing');
    const tempToken = res.json().details.temp_token;
    expect(tempToken).toEqual(expect.any(String));

    expectError(
      await patch('/api/auth/force-change-password', { temp_token: tempToken, new_password: 'short' }),
      400,
      'Password must be at least 8 characters long',
    );
    const changed = await patch('/api/auth/force-change-password', {
      temp_token: tempToken,
      new_password: 'a-new-password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${changed.json().token}` })).json().email).toBe(user.email);

    expectError(
      await patch('/api/auth/force-change-password', {
        temp_token: tempToken,
        new_password: 'another-password',
      }),
      401,
      authMessages.tempTokenInvalid,
    );
    expect((await post('/api/auth/login', user)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'a-new-password' })).statusCode,
    ).toBe(200);
  });
});
