import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, signIn, uniqueEmail } from '../../testing/factories.ts';
import { multipartFile, tinyPng } from '../../testing/multipart.ts';
import { useAuthTests } from './auth.test-kit.ts';

// What an account change publishes to the realtime clients.
const { ctx, publishedBy, post, patch, me, userByEmail } = useAuthTests();

describe('realtime changes', () => {
  /** The user's own account changed: their sockets re-check the session, their tabs refresh. */
  const ownFields = (id: string) => ({
    kind: 'user',
    op: 'updated',
    id,
    productId: null,
    userIds: [id],
    access: [id],
  });
  const own = (id: string) => expect.objectContaining(ownFields(id));

  it('publishes a registration to the admins', async () => {
    const email = uniqueEmail('rt');
    const published = await publishedBy(async () => {
      expect(
        (await post('/api/auth/register', { name: 'Rita', email, password: 'secret1' })).statusCode,
      ).toBe(201);
    });
    const id = (await userByEmail(email))?.id;
    expect(published).toEqual([
      expect.objectContaining({ kind: 'user', op: 'created', id, productId: null, admins: true }),
    ]);
  });

  it('publishes a sign-out, a password change, a profile and an avatar change to the user', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    const other = await signIn(ctx, user);
    expect(await publishedBy(() => patch('/api/auth/profile', { full_name: 'Rita R.' }, headers))).toEqual([
      // Admins list names too.
      expect.objectContaining({ ...ownFields(user.id), admins: true }),
    ]);
    const avatar = multipartFile('file', 'me.png', 'image/png', tinyPng);
    const uploaded = await publishedBy(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/avatar',
        payload: avatar.payload,
        headers: { ...headers, ...avatar.headers },
      }),
    );
    expect(uploaded).toEqual([expect.objectContaining({ ...ownFields(user.id), admins: true })]);
    const change = {
      currentPassword: user.password,
      newPassword: 'rt-password-1',
      confirmPassword: 'rt-password-1',
    };
    expect(await publishedBy(() => patch('/api/auth/change-password', change, headers))).toEqual([
      own(user.id),
    ]);
    expect((await me(other.headers)).statusCode).toBe(401);
    expect(await publishedBy(() => post('/api/auth/signout', {}, headers))).toEqual([own(user.id)]);
  });

  it('publishes a forced password change and a password reset, which end sessions', async () => {
    const forced = await createUser(ctx, { mustChangePassword: true });
    const tempToken = (await post('/api/auth/login', forced)).json().details.temp_token;
    expect(
      await publishedBy(() =>
        patch('/api/auth/force-change-password', { temp_token: tempToken, new_password: 'a-new-password' }),
      ),
    ).toEqual([own(forced.id)]);

    const { user } = await createSignedInUser(ctx);
    await post('/api/auth/reset-password', { email: user.email });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === user.email)).toBe(true);
    const token = ctx.mail.linkTo(user.email, 'reset_token').searchParams.get('reset_token') ?? '';
    expect(
      await publishedBy(() =>
        post('/api/auth/reset-password/confirm', { token, newPassword: 'brand-new-pass' }),
      ),
    ).toEqual([own(user.id)]);
  });

  it('publishes nothing for a refused or invalid change', async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const username = `rt_${a.user.id.slice(0, 6)}`;
    await patch('/api/auth/profile', { username }, a.headers);
    const published = await publishedBy(async () => {
      expect(
        (await post('/api/auth/register', { name: 'A', email: 'x@example.com', password: 'secret1' }))
          .statusCode,
      ).toBe(400);
      expect(
        (await post('/api/auth/register', { name: 'Again', email: a.user.email, password: 'secret1' }))
          .statusCode,
      ).toBe(201);
      expect((await patch('/api/auth/profile', { username }, b.headers)).statusCode).toBe(409);
      const wrong = {
        currentPassword: 'wrong-password',
        newPassword: 'new-password-1',
        confirmPassword: 'new-password-1',
      };
      expect((await patch('/api/auth/change-password', wrong, b.headers)).statusCode).toBe(400);
      expect(
        (await post('/api/auth/reset-password/confirm', { token: 'nope', newPassword: 'brand-new-pass' }))
          .statusCode,
      ).toBe(400);
      expect((await post('/api/auth/signout', {})).statusCode).toBe(200);
    });
    expect(published).toEqual([]);
  });
});
