import { authMessages, SESSION_COOKIE, userMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, signIn } from '../../testing/factories.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import { expectError, useAuthTests } from './auth.test-kit.ts';

// The signed-in account: profile, password, sign-out and avatar.
const { ctx, post, patch, me, userByEmail } = useAuthTests();

describe('signed-in account', () => {
  it('refuses every account call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/me'],
      ['PATCH', '/api/auth/profile'],
      ['PATCH', '/api/auth/change-password'],
      ['POST', '/api/auth/avatar'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await me({ authorization: 'Bearer not-a-real-token' })).statusCode).toBe(401);
  });

  it('updates username and full name, and cannot change role, e-mail or id', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const username = `ada_${user.id.slice(0, 6)}`;
    const res = await patch('/api/auth/profile', { username, full_name: 'Ada King' }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username, full_name: 'Ada King', name: 'Ada King', role: 'member' });

    for (const body of [{ role: 'super admin' }, { email: 'new@example.com' }, { id: crypto.randomUUID() }]) {
      expect((await patch('/api/auth/profile', body, headers)).statusCode).toBe(400);
    }
    const stored = await userByEmail(user.email);
    expect(stored).toMatchObject({ role: 'member', email: user.email, id: user.id });
  });

  it('refuses a taken username and a script avatar URL', async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const username = `taken_${a.user.id.slice(0, 6)}`;
    await patch('/api/auth/profile', { username }, a.headers);
    expectError(
      await patch('/api/auth/profile', { username: username.toUpperCase() }, b.headers),
      409,
      userMessages.usernameTaken,
    );
    expect(
      (await patch('/api/auth/profile', { avatar_url: 'javascript:alert(1)' }, b.headers)).statusCode,
    ).toBe(400);
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const user = await createUser(ctx);
    const here = await signIn(ctx, user);
    const elsewhere = await signIn(ctx, user);
    const body = (current: string, next: string, confirm: string) => ({
      currentPassword: current,
      newPassword: next,
      confirmPassword: confirm,
    });
    expectError(
      await patch(
        '/api/auth/change-password',
        body(user.password, 'new-password-1', 'new-password-2'),
        here.headers,
      ),
      400,
      'New password and confirmation do not match.',
    );
    expectError(
      await patch(
        '/api/auth/change-password',
        body('wrong-password', 'new-password-1', 'new-password-1'),
        here.headers,
      ),
      400,
      authMessages.currentPasswordWrong,
    );
    const ok = await patch(
      '/api/auth/change-password',
      body(user.password, 'new-password-1', 'new-password-1'),
      here.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(here.headers)).statusCode).toBe(200);
    expect((await me(elsewhere.headers)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'new-password-1' })).statusCode,
    ).toBe(200);
  });

  it('signs out: the token stops working and the cookie is cleared', async () => {
    const { headers } = await createSignedInUser(ctx);
    const res = await post('/api/auth/signout', {}, headers);
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/avatar', () => {
  const upload = (headers: Record<string, string>, name: string, type: string, data: Buffer) => {
    const body = multipartFile('file', name, type, data);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };

  it('stores an image, sniffed from its bytes, and serves it back', async () => {
    const { headers } = await createSignedInUser(ctx);
    const res = await upload(headers, 'me.bin', 'application/octet-stream', tinyPng);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatar_url;
    expect(url).toMatch(/^\/api\/uploads\/avatars\/[0-9a-f-]{36}-[a-f0-9]{32}\.png$/);
    const served = await ctx.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(tinyPng)).toBe(true);

    // A second upload replaces the first, whose file is removed.
    const again = await upload(headers, 'me.png', 'image/png', tinyPng);
    expect((await ctx.app.inject(url)).statusCode).toBe(404);
    expect((await ctx.app.inject(again.json().avatar_url)).statusCode).toBe(200);
  });

  it('refuses a non-image named like an image, and a file over 2 MB, changing nothing', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    expectError(
      await upload(headers, 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
      415,
      userMessages.avatarNotImage,
    );
    const big = Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024)]);
    expectError(await upload(headers, 'big.png', 'image/png', big), 413, userMessages.avatarTooLarge);
    expect((await userByEmail(user.email))?.avatarUrl).toBeNull();
  });

  it('answers 404 for a name that is not one of ours', async () => {
    expect((await ctx.app.inject('/api/uploads/avatars/..%2F..%2Fpostgres.password')).statusCode).toBe(404);
    expect((await ctx.app.inject(`/api/uploads/avatars/${'a'.repeat(32)}.png`)).statusCode).toBe(404);
  });
});
