import { authMessages, textMessages, userMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { uniqueEmail } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { countRows } from '../../testing/stored.ts';

// An admin creates a user: POST /api/user/admin-create-users.
const { ctx, as, signedInOnce } = useTestApp();
const superAdmin = signedInOnce('super admin', 'Sam Super');
const admin = signedInOnce('admin', 'Alex Admin');
const member = signedInOnce('member', 'Mia Member');

describe('POST /api/user/admin-create-users', () => {
  const create = (payload: object): Req => ({ method: 'POST', url: '/api/user/admin-create-users', payload });

  it('creates a member with a mailed temporary password that must be changed at first login', async () => {
    const email = uniqueEmail('new');
    const res = await as(admin, create({ name: 'Nia New', email, role: '', department: 'design' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'member', department: 'design', email_verified: true });

    const mail = ctx.mail.sent.findLast((m) => m.to === email);
    const password = mail?.text.match(/temporary password is: (\S+)/)?.[1] ?? '';
    expect(password).toHaveLength(14);
    expect(mail?.text).toContain('http://shipyard.test/auth');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain(authMessages.mustChangePassword);
  });

  it('refuses members and callers without a session, storing nothing', async () => {
    const before = await countRows(ctx, users);
    const body = { name: 'Nope', email: uniqueEmail('nope') };
    expect((await as(member, create(body))).statusCode).toBe(403);
    expect((await as(undefined, create(body))).statusCode).toBe(401);
    expect(await countRows(ctx, users)).toBe(before);
  });

  it('lets nobody grant a role above their own', async () => {
    const res = await as(
      admin,
      create({ name: 'Too High', email: uniqueEmail('high'), role: 'super admin' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(userMessages.roleTooHigh);
    const ok = await as(
      superAdmin,
      create({ name: 'Second Super', email: uniqueEmail('super2'), role: 'super admin' }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com' }, 'Name must be at least 2 characters.'],
    [{ name: 'Ann', email: 'nope' }, 'Please enter a valid email address.'],
    [{ name: 'Ann', email: 'ann@example.com', department: 'moon' }, 'Please select a department.'],
  ])('validates %j with the spec message', async (body, message) => {
    const res = await as(admin, create(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses names and job titles on more than one line, and mails no text the admin typed (issue 13 #14)', async () => {
    const before = await countRows(ctx, users);
    const bad = [
      { name: 'Nia\r\nClick http://evil.example', email: uniqueEmail('nl') },
      { name: 'Nia New', email: uniqueEmail('nl'), position: 'Dev\nOps' },
      { name: 'Nia New', email: uniqueEmail('nl'), skills: ['a\u0000b'] },
    ];
    for (const body of bad) {
      const res = await as(admin, create(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await countRows(ctx, users)).toBe(before);
    const update = await as(admin, {
      method: 'PATCH',
      url: '/api/user/update-user',
      payload: { id: member.user.id, name: 'Mia\nMember' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(textMessages.singleLine);

    const email = uniqueEmail('fresh');
    expect((await as(admin, create({ name: 'Fresh Face', email }))).statusCode).toBe(201);
    const mail = ctx.mail.sent.findLast((m) => m.to === email);
    expect(mail?.text).toContain('temporary password');
    expect(mail?.text).not.toContain('Alex Admin');
    expect(mail?.text).not.toContain('Fresh Face');
  });

  it('refuses an e-mail that already has an account', async () => {
    const res = await as(admin, create({ name: 'Dup', email: member.user.email }));
    expect(res.statusCode).toBe(409);
  });
});
