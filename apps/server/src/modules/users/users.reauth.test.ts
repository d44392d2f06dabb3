import { authMessages, securityMessages } from '@shipyard/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiTokenHeaders, createUser, signIn, uniqueEmail } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { totpAt } from '../auth/index.ts';
import { storedUser } from './users.test-kit.ts';

// Issue 27 #2: granting admin or super admin needs a browser session that signed in, or typed
// its password or a two-factor code again, within the last 10 minutes (GitHub's sudo mode).

const { ctx, as, signedIn } = useTestApp();

const MINUTE = 60 * 1000;
const setRole = (who: Signed, id: string, role: string) =>
  as(who, { method: 'PATCH', url: `/api/user/${id}/role`, payload: { role } });
const reauthenticate = (who: Signed, payload: object) =>
  as(who, { method: 'POST', url: '/api/auth/reauthenticate', payload });

function expectReauthRequired(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    code: 'REAUTH_REQUIRED',
    message: securityMessages.reauthRequired,
    details: { password: true },
  });
}

/** An admin whose sign-in is 11 minutes old. */
async function staleAdmin(role: 'admin' | 'super admin' = 'admin') {
  const who = await signedIn(role);
  ctx.clock.advance(11 * MINUTE);
  return who;
}

describe('granting admin needs a recent sign-in (issue 27 #2)', () => {
  it('asks for the password again once the sign-in is more than 10 minutes old, then grants the role', async () => {
    const admin = await staleAdmin();
    const target = await createUser(ctx);
    expectReauthRequired(await setRole(admin, target.id, 'admin'));
    expect((await storedUser(ctx, target.id))?.role).toBe('member');

    const wrong = await reauthenticate(admin, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: authMessages.currentPasswordWrong,
    });
    expectReauthRequired(await setRole(admin, target.id, 'admin'));

    expect((await reauthenticate(admin, { password: admin.user.password })).statusCode).toBe(200);
    expect((await setRole(admin, target.id, 'admin')).json()).toMatchObject({ role: 'admin' });
    // Ten minutes later it is asked again.
    ctx.clock.advance(11 * MINUTE);
    const other = await createUser(ctx);
    expectReauthRequired(await setRole(admin, other.id, 'admin'));
  });

  it('asks for it to create an admin or super admin account, not a member', async () => {
    const superAdmin = await staleAdmin('super admin');
    const create = (role: string) =>
      as(superAdmin, {
        method: 'POST',
        url: '/api/user/admin-create-users',
        payload: { name: 'Nia New', email: uniqueEmail('new'), role },
      });
    expectReauthRequired(await create('admin'));
    expectReauthRequired(await create('super admin'));
    expect((await create('member')).statusCode).toBe(201);
    // The edit form sends the role it shows: an unchanged admin role is no grant.
    const peer = await createUser(ctx, { role: 'admin' });
    const details = await as(superAdmin, {
      method: 'PATCH',
      url: '/api/user/update-user',
      payload: { id: peer.id, role: 'admin', department: 'design' },
    });
    expect(details.statusCode).toBe(200);
    expectReauthRequired(
      await as(superAdmin, {
        method: 'PATCH',
        url: '/api/user/update-user',
        payload: { id: (await createUser(ctx)).id, role: 'admin' },
      }),
    );
  });

  it('does not ask for it to lower a role', async () => {
    const admin = await staleAdmin();
    const target = await createUser(ctx);
    expect((await setRole(admin, target.id, 'guest')).json()).toMatchObject({ role: 'guest' });
  });

  it('counts a new sign-in as recent', async () => {
    const admin = await staleAdmin();
    const fresh = { ...admin, ...(await signIn(ctx, admin.user)) };
    const target = await createUser(ctx);
    expect((await setRole(fresh, target.id, 'admin')).statusCode).toBe(200);
  });

  it('accepts a two-factor code instead of the password', async () => {
    const admin = await signedIn('admin');
    const { secret } = (await as(admin, { method: 'POST', url: '/api/auth/two-factor/setup' })).json();
    const enabled = await as(admin, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { code: totpAt(secret, ctx.clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);
    ctx.clock.advance(11 * MINUTE);
    const target = await createUser(ctx);
    expectReauthRequired(await setRole(admin, target.id, 'admin'));
    expect((await reauthenticate(admin, { code: '000000' })).statusCode).toBe(400);
    expect((await reauthenticate(admin, { code: totpAt(secret, ctx.clock.now()) })).statusCode).toBe(200);
    expect((await setRole(admin, target.id, 'admin')).statusCode).toBe(200);
  });

  it('limits wrong passwords on re-authentication per account, with change-password', async () => {
    const admin = await staleAdmin();
    for (let i = 0; i < 5; i++)
      expect((await reauthenticate(admin, { password: `guess-${i}` })).statusCode).toBe(400);
    const limited = await reauthenticate(admin, { password: admin.user.password });
    expect(limited.statusCode).toBe(429);
  });

  it('refuses an API token, a signed-out caller and a body with neither or both secrets', async () => {
    const admin = await signedIn('admin');
    const viaToken = await as(undefined, {
      method: 'POST',
      url: '/api/auth/reauthenticate',
      payload: { password: admin.user.password },
      headers: await apiTokenHeaders(ctx, admin),
    });
    expect(viaToken.json()).toMatchObject({ code: 'API_TOKEN_NOT_ALLOWED' });
    const signedOut = await as(undefined, {
      method: 'POST',
      url: '/api/auth/reauthenticate',
      payload: { password: 'x' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await reauthenticate(admin, {})).statusCode).toBe(400);
    expect((await reauthenticate(admin, { password: 'x', code: '123456' })).statusCode).toBe(400);
    expect((await reauthenticate(admin, { password: 'x'.repeat(257) })).statusCode).toBe(400);
  });
});
