import { authMessages, textMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, uniqueEmail } from '../../testing/factories.ts';
import { APP_URL } from '../../testing/test-app.ts';
import { expectError, useAuthTests } from './auth.test-kit.ts';

// Signing up: POST /api/auth/register, and what is mailed to an unverified address.
const { ctx, post, patch, userCount, userByEmail } = useAuthTests();

describe('POST /api/auth/register', () => {
  it('makes the first account super admin, later ones members, and mails a verification link', async () => {
    const first = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'secret1' };
    const res = await post('/api/auth/register', first);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: authMessages.registered });
    expect(await userByEmail(first.email)).toMatchObject({
      name: 'Ada Lovelace',
      role: 'super admin',
      emailVerifiedAt: null,
    });
    const link = ctx.mail.linkTo(first.email, '/verify?token=');
    expect(link.origin).toBe(APP_URL);

    const second = { name: 'Bo', email: uniqueEmail('bo'), password: 'secret1' };
    expect((await post('/api/auth/register', second)).statusCode).toBe(201);
    expect((await userByEmail(second.email))?.role).toBe('member');
    // A sign-up with the first address again changes nothing about who is first.
    await post('/api/auth/register', { ...first, name: 'Ada Again' });
    expect(await userByEmail(first.email)).toMatchObject({ name: 'Ada Lovelace', role: 'super admin' });
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: 'secret1' }, 'Name must be at least 2 characters'],
    [{ name: 'Ann', email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
    [{ name: 'Ann', email: 'ann@example.com', password: '12345' }, 'Password must be at least 6 characters'],
  ])('refuses %j with the spec message and stores nothing', async (body, message) => {
    const before = await userCount();
    const res = await post('/api/auth/register', body);
    expectError(res, 400, message, 'VALIDATION_ERROR');
    expect(await userCount()).toBe(before);
  });

  it('answers a taken e-mail exactly like a new one, and mails its owner instead (issue 13 #15)', async () => {
    const owner = await createUser(ctx, { name: 'Olga Owner' });
    const fresh = await post('/api/auth/register', {
      name: 'New Person',
      email: uniqueEmail('new'),
      password: 'secret1',
    });
    const before = await userCount();
    const mailsBefore = ctx.mail.sent.length;
    const taken = await post('/api/auth/register', {
      name: 'Mallory Prize',
      email: owner.email.toUpperCase(),
      password: 'mallory-1',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(await userCount()).toBe(before);

    const mails = ctx.mail.sent.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: owner.email,
      subject: 'Someone tried to sign up with your Shipyard email',
    });
    expect(mails[0]?.link).toBe(`${APP_URL}/auth`);
    expect(mails[0]?.text).toContain('Forgot password?');
    expect(mails[0]?.text).not.toContain('Mallory');
    // The account is untouched: its own password still signs in, the typed one does not.
    expect(await userByEmail(owner.email)).toMatchObject({
      name: 'Olga Owner',
      passwordHash: owner.passwordHash,
    });
    expect((await post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/login', { email: owner.email, password: 'mallory-1' })).statusCode).toBe(
      401,
    );
  });
});

describe('names and mail to unverified addresses (issue 13 #14)', () => {
  it('refuses a name with a line break or a control character, storing nothing', async () => {
    const before = await userCount();
    for (const name of ['Eve\r\nVisit http://evil.example', 'Eve\u0007Bell', 'Eve\u2028Line']) {
      const res = await post('/api/auth/register', { name, email: uniqueEmail('eve'), password: 'secret1' });
      expectError(res, 400, textMessages.singleLine, 'VALIDATION_ERROR');
    }
    expect(await userCount()).toBe(before);
    const { headers } = await createSignedInUser(ctx);
    expect((await patch('/api/auth/profile', { full_name: 'Ada\nKing' }, headers)).statusCode).toBe(400);
  });

  it('greets generically in the verification mail: nothing the sender typed reaches the address', async () => {
    const email = uniqueEmail('victim');
    const name = 'Claim your prize at evil example dot com';
    expect((await post('/api/auth/register', { name, email, password: 'secret1' })).statusCode).toBe(201);
    const mail = ctx.mail.sent.findLast((m) => m.to === email);
    expect(mail?.subject).toBe('Verify your Shipyard email');
    expect(mail?.text).not.toContain('prize');
    expect(mail?.html).not.toContain('prize');
    expect(mail?.text).toContain('Welcome to Shipyard!');
  });
});
