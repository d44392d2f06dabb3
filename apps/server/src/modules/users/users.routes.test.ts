import { authMessages, textMessages, userMessages } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTeam,
  createUser,
  uniqueEmail,
} from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

const { ctx, as } = useTestApp();

let superAdmin: Signed;
let admin: Signed;
let member: Signed;

beforeAll(async () => {
  superAdmin = await createSignedInUser(ctx, { role: 'super admin', name: 'Sam Super' });
  admin = await createSignedInUser(ctx, { role: 'admin', name: 'Alex Admin' });
  member = await createSignedInUser(ctx, { role: 'member', name: 'Mia Member' });
});

const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]?.n;
const stored = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

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
    const before = await userCount();
    const body = { name: 'Nope', email: uniqueEmail('nope') };
    expect((await as(member, create(body))).statusCode).toBe(403);
    expect((await as(undefined, create(body))).statusCode).toBe(401);
    expect(await userCount()).toBe(before);
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
    const before = await userCount();
    const bad = [
      { name: 'Nia\r\nClick http://evil.example', email: uniqueEmail('nl') },
      { name: 'Nia New', email: uniqueEmail('nl'), position: 'Dev\nOps' },
      { name: 'Nia New', email: uniqueEmail('nl'), skills: ['a\u0000b'] },
    ];
    for (const body of bad) {
      const res = await as(admin, create(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await userCount()).toBe(before);
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

describe('reading users', () => {
  it('lists users for admins only', async () => {
    const res = await as(admin, { method: 'GET', url: '/api/user/all-users?limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json()).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
    expect(res.json().data[0]).not.toHaveProperty('passwordHash');
    expect((await as(member, { method: 'GET', url: '/api/user/all-users' })).statusCode).toBe(403);
    expect((await as(undefined, { method: 'GET', url: '/api/user/all-users' })).statusCode).toBe(401);
  });

  it('gives anyone signed in the name of a user, and admins the whole record', async () => {
    const url = `/api/users/${admin.user.id}`;
    const seenByMember = await as(member, { method: 'GET', url });
    expect(seenByMember.statusCode).toBe(200);
    expect(seenByMember.json()).toEqual({
      id: admin.user.id,
      _id: admin.user.id,
      name: 'Alex Admin',
      full_name: 'Alex Admin',
      avatar_url: null,
      position: null,
    });
    expect((await as(superAdmin, { method: 'GET', url })).json().email).toBe(admin.user.email);
    expect((await as(member, { method: 'GET', url: `/api/users/${crypto.randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect((await as(undefined, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('GET /api/user/me answers the caller', async () => {
    const res = await as(member, { method: 'GET', url: '/api/user/me' });
    expect(res.json()).toMatchObject({ id: member.user.id, email: member.user.email, role: 'member' });
  });
});

describe('changing users', () => {
  const update = (payload: object): Req => ({ method: 'PATCH', url: '/api/user/update-user', payload });

  it('updates details, and disabling ends the sessions and refuses login', async () => {
    const target = await createSignedInUser(ctx);
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
    const before = await stored(peer.id);
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
    expect(await stored(peer.id)).toMatchObject({
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
    expect((await stored(admin.user.id))?.email).toBe(admin.user.email);
  });

  it('changing an e-mail unverifies it, ends sessions and links, asks the new address to confirm and tells the old one (issue 13 #5, #6)', async () => {
    const target = await createSignedInUser(ctx, { name: 'Tess Target' });
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
    const before = await stored(superAdmin.user.id);
    expect((await as(member, update({ id: admin.user.id, name: 'Hacked' }))).statusCode).toBe(403);
    expect((await as(admin, update({ id: superAdmin.user.id, name: 'Hacked' }))).statusCode).toBe(403);
    expect((await as(admin, { method: 'DELETE', url: `/api/user/${superAdmin.user.id}` })).statusCode).toBe(
      403,
    );
    expect(await stored(superAdmin.user.id)).toEqual(before);
    expect((await stored(admin.user.id))?.name).toBe('Alex Admin');
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
    expect((await stored(target.id))?.role).toBe('admin');
  });

  it('never leaves the instance without an active super admin', async () => {
    const solo = await buildTestApp();
    try {
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
    } finally {
      await solo.close();
    }
  });

  it('deletes a user and their sessions', async () => {
    const target = await createSignedInUser(ctx);
    expect((await as(member, { method: 'DELETE', url: `/api/user/${target.user.id}` })).statusCode).toBe(403);
    const res = await as(admin, { method: 'DELETE', url: `/api/user/${target.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(await stored(target.user.id)).toBeUndefined();
    expect((await as(target, { method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    expect((await as(admin, { method: 'DELETE', url: `/api/user/${target.user.id}` })).statusCode).toBe(404);
  });
});

describe('GET /api/team/all-team-members', () => {
  // A database of its own, so the counts, order and pages are exactly these people.
  let dir: TestContext;
  let boss: Signed;
  let bea: Awaited<ReturnType<typeof createUser>>;
  let many: Awaited<ReturnType<typeof createUser>>;
  const list = (query = '', who: Signed | null = boss) =>
    dir.app.inject({ method: 'GET', url: `/api/team/all-team-members${query}`, headers: who?.headers ?? {} });
  const names = (res: { json: () => { data: Array<{ name: string }> } }) =>
    res.json().data.map((m) => m.name);
  const profile = (id: string, values: Partial<typeof users.$inferInsert>) =>
    dir.db.update(users).set(values).where(eq(users.id, id));

  beforeAll(async () => {
    dir = await buildTestApp();
    boss = await createSignedInUser(dir, { role: 'admin', name: 'Ada Admin' });
    bea = await createUser(dir, { name: 'Bea Builder', email: 'bea@example.com' });
    const cy = await createUser(dir, { role: 'guest', name: 'cy guest' });
    const dee = await createUser(dir, { name: 'Dee Dev' });
    many = await createUser(dir, { name: 'Max Many' });
    await profile(boss.user.id, { department: 'engineering' });
    await profile(bea.id, { department: 'design', position: 'designer', skills: ['figma', 'css'] });
    await profile(cy.id, { department: 'data', disabledAt: new Date() });
    await profile(dee.id, { department: 'engineering', position: 'developer', skills: ['go'] });

    // Bea created Zephyr, is active in two teams of Apollo, invited (not yet in) to Borealis.
    await createProduct(dir, bea.id, { name: 'Zephyr' });
    const apollo = await createProduct(dir, boss.user.id, { name: 'Apollo' });
    await addMember(dir, (await createTeam(dir, apollo.id)).id, bea.id);
    await addMember(dir, (await createTeam(dir, apollo.id, { name: 'Design crew' })).id, bea.id);
    const borealis = await createProduct(dir, boss.user.id, { name: 'Borealis' });
    await addMember(dir, (await createTeam(dir, borealis.id)).id, bea.id, { status: 'invited' });
    // Max created twelve products.
    for (let n = 12; n >= 1; n--) {
      await createProduct(dir, many.id, { name: `P${String(n).padStart(2, '0')}` });
    }
  });
  afterAll(() => dir.close());

  it('gives admins every user by name, with department, role, position, products and skills', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 5, page: 1, limit: 50 });
    expect(names(res)).toEqual(['Ada Admin', 'Bea Builder', 'cy guest', 'Dee Dev', 'Max Many']);
    const row = res.json().data[1];
    expect(row).toEqual({
      id: bea.id,
      user: { _id: bea.id, name: 'Bea Builder', email: 'bea@example.com' },
      name: 'Bea Builder',
      email: 'bea@example.com',
      department: 'design',
      role: 'member',
      position: 'designer',
      projects: ['Apollo', 'Zephyr'],
      projectCount: 2,
      skills: ['figma', 'css'],
      avatar: null,
      disabled: false,
    });
    expect(res.json().data[0]).toMatchObject({
      name: 'Ada Admin',
      role: 'admin',
      projects: ['Apollo', 'Borealis'],
    });
    expect(res.json().data[2]).toMatchObject({ role: 'guest', disabled: true, projects: [], skills: [] });
  });

  it('names at most ten products, sorted, and counts them all', async () => {
    const row = (await list('?search=max')).json().data[0];
    expect(row.projects).toEqual(['P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'P10']);
    expect(row.projectCount).toBe(12);
  });

  it('searches name, e-mail, role and job title ignoring case, wildcards literally', async () => {
    expect(names(await list('?search=BEA'))).toEqual(['Bea Builder']);
    expect(names(await list('?search=guest'))).toEqual(['cy guest']);
    expect(names(await list('?search=Admin'))).toEqual(['Ada Admin']);
    expect(names(await list('?search=bea%40example'))).toEqual(['Bea Builder']);
    expect(names(await list('?search=DEVELOPER'))).toEqual(['Dee Dev']);
    const none = await list('?search=%25');
    expect(none.json()).toMatchObject({ data: [], total: 0 });
  });

  it("filters by one department, 'all' (any casing) by none", async () => {
    expect(names(await list('?department=engineering'))).toEqual(['Ada Admin', 'Dee Dev']);
    expect(names(await list('?department=Design&search=b'))).toEqual(['Bea Builder']);
    expect((await list('?department=All')).json().total).toBe(5);
    expect((await list('?department=sales')).json()).toMatchObject({ data: [], total: 0 });
    const bad = await list('?department=moon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select a department.');
  });

  it('pages by name, with the total of every match on each page', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`?limit=2&page=${page}`)));
    expect(pages.map(names)).toEqual([['Ada Admin', 'Bea Builder'], ['cy guest', 'Dee Dev'], ['Max Many']]);
    for (const page of pages) expect(page.json()).toMatchObject({ total: 5, limit: 2 });
    expect((await list('?limit=2&page=9')).json()).toMatchObject({ data: [], total: 5, page: 9 });
    expect((await list('?limit=500')).statusCode).toBe(400);
  });

  it('is described in the OpenAPI document with its query', async () => {
    const doc = (await dir.app.inject('/api/openapi.json')).json();
    const names = doc.paths['/api/team/all-team-members'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['search', 'department', 'page', 'limit']));
  });

  it('refuses members and guests (403) and callers without a session (401)', async () => {
    const member = await createSignedInUser(dir, { role: 'member' });
    const guest = await createSignedInUser(dir, { role: 'guest' });
    expect((await list('', member)).statusCode).toBe(403);
    expect((await list('', guest)).statusCode).toBe(403);
    expect((await list('', null)).statusCode).toBe(401);
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }
  // To the admins, and to the user, whose sockets re-check their session and what they see.
  const change = (op: string, id: string) =>
    expect.objectContaining({
      kind: 'user',
      op,
      id,
      productId: null,
      admins: true,
      userIds: [id],
      access: [id],
    });

  it('publishes every account change an admin makes', async () => {
    let id = '';
    const create = { name: 'Rae Realtime', email: uniqueEmail('rt'), role: 'member' };
    expect(
      await publishedBy(async () => {
        const res = await as(admin, { method: 'POST', url: '/api/user/admin-create-users', payload: create });
        expect(res.statusCode).toBe(201);
        id = res.json().id;
      }),
    ).toEqual([change('created', id)]);
    const writes: Req[] = [
      { method: 'PATCH', url: '/api/user/update-user', payload: { id, name: 'Rae R.' } },
      { method: 'PATCH', url: `/api/user/${id}/role`, payload: { role: 'guest' } },
      { method: 'PATCH', url: '/api/user/update-user', payload: { id, disabled: true } },
    ];
    for (const req of writes) {
      expect(await publishedBy(() => as(admin, req)), JSON.stringify(req.payload)).toEqual([
        change('updated', id),
      ]);
    }
    expect(await publishedBy(() => as(admin, { method: 'DELETE', url: `/api/user/${id}` }))).toEqual([
      change('deleted', id),
    ]);
  });

  it('publishes nothing for a refused or invalid change', async () => {
    const target = await createUser(ctx, { role: 'member' });
    const published = await publishedBy(async () => {
      const rename = {
        method: 'PATCH',
        url: '/api/user/update-user',
        payload: { id: target.id, name: 'No' },
      } as const;
      expect((await as(member, rename)).statusCode).toBe(403);
      expect(
        (
          await as(admin, {
            method: 'PATCH',
            url: `/api/user/${superAdmin.user.id}/role`,
            payload: { role: 'member' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await as(admin, { method: 'POST', url: '/api/user/admin-create-users', payload: { name: 'X' } }))
          .statusCode,
      ).toBe(400);
      expect((await as(admin, { method: 'DELETE', url: `/api/user/${admin.user.id}` })).statusCode).toBe(400);
    });
    expect(published).toEqual([]);
  });
});
