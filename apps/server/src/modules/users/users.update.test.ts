import { authMessages, userMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createSignedInUser, createUser, uniqueEmail } from '../../testing/factories.ts';
import { type Req, useTestApp, withTestApp } from '../../testing/http.ts';
import { storedUser } from './users.test-kit.ts';

// Changing users: details, disabling, roles and deleting.
const { ctx, as, signedInOnce, signedIn } = useTestApp();
const superAdmin = signedInOnce('super admin', 'Sam Super');
const admin = signedInOnce('admin', 'Alex Admin');
const member = signedInOnce('member', 'Mia Member');

describe('changing users', () => {
  const update = (payload: object): Req => ({ method: 'PATCH', url: '/api/user/update-user', payload });

  it('updates details, and disabling ends the sessions and refuses login', async () => {
    const target = await signedIn('member');
    const res = await as(
      admin,
      update({ id: target.user.id, name: 'Renamed', department: 'data', skills: ['sql'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', department: 'data', skills: ['sql'] });

    expect((await as(admin, update({ id: target.user.id, disabled: true }))).json().disabled).toBe(true);
    expect((await as(target, { method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(0);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: target.user });
    expect(login.statusCode).toBe(403);
  });

  it('disabling an account cancels its outstanding reset link, which stays dead after re-enabling (issue 13 #6)', async () => {
    const target = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: target.email },
    });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === target.email)).toBe(true);
    const token = ctx.mail.linkTo(target.email, 'reset_token').searchParams.get('reset_token');
    expect((await as(admin, update({ id: target.id, disabled: true }))).statusCode).toBe(200);
    expect((await as(admin, update({ id: target.id, disabled: false }))).statusCode).toBe(200);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token, newPassword: 'attacker-pass-1' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe(authMessages.resetTokenInvalid);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: target });
    expect(login.statusCode).toBe(200);
  });

  it('lets no admin change the e-mail, role or status of a peer admin, nor delete them (issue 13 #5)', async () => {
    const peer = await createUser(ctx, { role: 'admin', name: 'Pia Peer' });
    const before = await storedUser(ctx, peer.id);
    for (const change of [{ email: uniqueEmail('attacker') }, { role: 'member' }, { disabled: true }]) {
      const res = await as(admin, update({ id: peer.id, ...change }));
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(userMessages.accessNotBelow);
    }
    expect((await as(admin, { method: 'DELETE', url: `/api/user/${peer.id}` })).statusCode).toBe(403);
    // The rest of a peer's details, and the unchanged e-mail and role the form sends back, are fine.
    const details = await as(
      admin,
      update({ id: peer.id, email: peer.email, role: 'admin', department: 'design', name: 'Pia P.' }),
    );
    expect(details.statusCode).toBe(200);
    expect(await storedUser(ctx, peer.id)).toMatchObject({
      email: before?.email,
      role: 'admin',
      disabledAt: null,
      emailVerifiedAt: before?.emailVerifiedAt,
      department: 'design',
    });
    // A super admin manages admins; a peer super admin's e-mail is nobody's to change.
    expect((await as(superAdmin, update({ id: peer.id, role: 'member' }))).statusCode).toBe(200);
    const otherSuper = await createUser(ctx, { role: 'super admin' });
    expect((await as(superAdmin, update({ id: otherSuper.id, email: uniqueEmail('x') }))).statusCode).toBe(
      403,
    );
    // Nor one's own, here: the profile says 'Your email cannot be changed.'
    expect((await as(admin, update({ id: admin.user.id, email: uniqueEmail('me') }))).statusCode).toBe(403);
    expect((await storedUser(ctx, admin.user.id))?.email).toBe(admin.user.email);
  });

  it('changing an e-mail unverifies it, ends sessions and links, asks the new address to confirm and tells the old one (issue 13 #5, #6)', async () => {
    const target = await signedIn('member', 'Tess Target');
    const oldEmail = target.user.email;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: oldEmail } });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === oldEmail)).toBe(true);
    const resetToken = ctx.mail.linkTo(oldEmail, 'reset_token').searchParams.get('reset_token');
    const newEmail = uniqueEmail('moved');

    const res = await as(admin, update({ id: target.user.id, email: newEmail.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail, email_verified: false });
    expect((await as(target, { method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token: resetToken, newPassword: 'attacker-pass-1' },
    });
    expect(reset.statusCode).toBe(400);

    const told = ctx.mail.sent.findLast((m) => m.to === oldEmail);
    expect(told?.subject).toBe('Your Shipyard email was changed');
    expect(told?.text).toContain(newEmail);
    const confirm = ctx.mail.sent.findLast((m) => m.to === newEmail);
    expect(confirm?.subject).toBe('Confirm your new Shipyard email');
    expect(confirm?.text).not.toContain('Alex Admin');
    expect(confirm?.text).not.toContain('Tess Target');

    const login = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: target.user.password },
      });
    expect((await login(oldEmail)).statusCode).toBe(401);
    expect((await login(newEmail)).json().code).toBe('EMAIL_NOT_VERIFIED');
    const token = ctx.mail.linkTo(newEmail, '/verify?token=').searchParams.get('token');
    expect((await ctx.app.inject(`/api/auth/verify?token=${token}`)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(200);
  });

  it('moving an account that still has its temporary password mails a new one to the new address (issue 13 #5)', async () => {
    const typo = uniqueEmail('typo');
    const created = await as(admin, {
      method: 'POST',
      url: '/api/user/admin-create-users',
      payload: { name: 'Tom Typo', email: typo },
    });
    const oldTemp = ctx.mail.sent
      .findLast((m) => m.to === typo)
      ?.text.match(/temporary password is: (\S+)/)?.[1];
    const fixed = uniqueEmail('fixed');
    expect((await as(admin, update({ id: created.json().id, email: fixed }))).statusCode).toBe(200);

    const newTemp = ctx.mail.sent
      .findLast((m) => m.to === fixed && m.text.includes('temporary password'))
      ?.text.match(/temporary password is: (\S+)/)?.[1];
    expect(newTemp).toHaveLength(14);
    expect(newTemp).not.toBe(oldTemp);
    const token = ctx.mail.linkTo(fixed, '/verify?token=').searchParams.get('token');
    expect((await ctx.app.inject(`/api/auth/verify?token=${token}`)).statusCode).toBe(200);
    const login = (password: string | undefined) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: fixed, password } });
    expect((await login(oldTemp)).statusCode).toBe(401);
    expect((await login(newTemp)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('refuses members, and admins acting on someone who outranks them', async () => {
    const before = await storedUser(ctx, superAdmin.user.id);
    expect((await as(member, update({ id: admin.user.id, name: 'Hacked' }))).statusCode).toBe(403);
    expect((await as(admin, update({ id: superAdmin.user.id, name: 'Hacked' }))).statusCode).toBe(403);
    expect((await as(admin, { method: 'DELETE', url: `/api/user/${superAdmin.user.id}` })).statusCode).toBe(
      403,
    );
    expect(await storedUser(ctx, superAdmin.user.id)).toEqual(before);
    expect((await storedUser(ctx, admin.user.id))?.name).toBe('Alex Admin');
  });

  it('changes roles up to the caller’s own', async () => {
    const target = await createUser(ctx);
    const url = `/api/user/${target.id}/role`;
    expect((await as(admin, { method: 'PATCH', url, payload: { role: 'admin' } })).json().role).toBe('admin');
    expect((await as(admin, { method: 'PATCH', url, payload: { role: 'super admin' } })).statusCode).toBe(
      403,
    );
    expect((await as(member, { method: 'PATCH', url, payload: { role: 'guest' } })).statusCode).toBe(403);
    expect((await as(admin, { method: 'PATCH', url, payload: { role: 'owner' } })).statusCode).toBe(400);
    expect((await storedUser(ctx, target.id))?.role).toBe('admin');
  });

  it('never leaves the instance without an active super admin', async () => {
    await withTestApp({}, async (solo) => {
      const only = await createSignedInUser(solo, { role: 'super admin' });
      const call = (req: Req) => solo.app.inject({ ...req, headers: only.headers });
      const demote = await call({
        method: 'PATCH',
        url: `/api/user/${only.user.id}/role`,
        payload: { role: 'admin' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(userMessages.lastSuperAdmin);

      const other = await createSignedInUser(solo, { role: 'super admin' });
      const otherCall = (req: Req) => solo.app.inject({ ...req, headers: other.headers });
      expect(
        (await call({ method: 'PATCH', url: `/api/user/${only.user.id}/role`, payload: { role: 'admin' } }))
          .statusCode,
      ).toBe(200);
      expect((await otherCall({ method: 'DELETE', url: `/api/user/${other.user.id}` })).statusCode).toBe(400);
      expect(
        (
          await otherCall({
            method: 'PATCH',
            url: '/api/user/update-user',
            payload: { id: other.user.id, role: 'member' },
          })
        ).statusCode,
      ).toBe(409);
      expect((await solo.db.select().from(users).where(eq(users.id, other.user.id)))[0]?.role).toBe(
        'super admin',
      );
    });
  });

  it('deletes a user and their sessions', async () => {
    const target = await signedIn('member');
    expect((await as(member, { method: 'DELETE', url: `/api/user/${target.user.id}` })).statusCode).toBe(403);
    const res = await as(admin, { method: 'DELETE', url: `/api/user/${target.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(await storedUser(ctx, target.user.id)).toBeUndefined();
    expect((await as(target, { method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    expect((await as(admin, { method: 'DELETE', url: `/api/user/${target.user.id}` })).statusCode).toBe(404);
  });
});
