import { productMessages, teamMessages } from '@shipyard/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, notifications, tasks, teamMembers, teams } from '../../db/schema/index.ts';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
  createUser,
} from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

const { ctx, as, member, guest } = useTestApp();

let admin: Signed;
beforeAll(async () => {
  admin = await createSignedInUser(ctx, { role: 'admin', name: 'Ada Admin' });
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const createTeamReq = (productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/team/${productId}/create-team`,
  payload,
});
const invite = (teamId: string, productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/team/${teamId}/${productId}/invite`,
  payload,
});
const accept = (teamId: string): Req => ({ method: 'PATCH', url: `/api/team/${teamId}/accept` });
const setLead = (teamId: string, memberId: string): Req => ({
  method: 'PATCH',
  url: `/api/team/${teamId}/lead`,
  payload: { memberId },
});
const removeMember = (teamId: string, userId: string): Req => ({
  method: 'DELETE',
  url: `/api/team/${teamId}/remove/${userId}`,
});

const countOf = async (table: typeof teams | typeof teamMembers | typeof notifications | typeof activities) =>
  (await ctx.db.select({ n: count() }).from(table))[0]?.n;
const notificationsOf = (userId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
const entriesOf = (productId: string) =>
  ctx.db
    .select()
    .from(activities)
    .where(eq(activities.productId, productId))
    .orderBy(asc(activities.createdAt), asc(activities.id));
const rowOf = async (teamId: string, userId: string) =>
  (
    await ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
  )[0];

/** A member's product with a team made through the API: the owner is its lead. */
async function productWithTeam(owner: Signed, name = 'Core team', productName = 'Apollo') {
  const product = await createProduct(ctx, owner.user.id, { name: productName });
  const res = await as(
    owner,
    createTeamReq(product.id, { name, description: 'Builds it', teamType: 'development' }),
  );
  expect(res.statusCode).toBe(201);
  return { product, team: res.json() as { id: string; name: string } };
}

/** Invites through the API and accepts as the invitee: an active member. */
async function join(by: Signed, teamId: string, productId: string, who: Signed, role = 'developer') {
  expect((await as(by, invite(teamId, productId, { userId: who.user.id, role }))).statusCode).toBe(201);
  expect((await as(who, accept(teamId))).statusCode).toBe(200);
}

describe('POST /api/team/{productId}/create-team', () => {
  it('creates a team whose creator is its active lead and manager, records team_created, and shows it on the dashboard', async () => {
    const owner = await member('Olga Owner');
    const product = await createProduct(ctx, owner.user.id, { name: 'Apollo' });

    const res = await as(
      owner,
      createTeamReq(product.id, { name: '  Platform  ', description: 'APIs', teamType: 'Development' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const [stored] = await ctx.db.select().from(teams).where(eq(teams.id, body.id));
    expect(body).toEqual({
      id: body.id,
      _id: body.id,
      name: 'Platform',
      description: 'APIs',
      teamType: 'development',
      productId: product.id,
      productName: 'Apollo',
      email: owner.user.email,
      role: 'manager',
      memberCount: 1,
      activeMembers: 1,
      lead: { _id: owner.user.id, name: 'Olga Owner' },
      canManage: true,
      createdBy: owner.user.id,
      createdAt: stored?.createdAt.toISOString(),
    });
    expect(await rowOf(body.id, owner.user.id)).toMatchObject({
      status: 'active',
      isLead: true,
      role: 'manager',
      joinedAt: expect.any(Date),
    });

    const entries = await entriesOf(product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'team_created',
      description: 'Created team "Platform"',
      metadata: { teamId: body.id, teamName: 'Platform', teamType: 'development' },
      performedBy: owner.user.id,
    });

    const overview = await as(owner, { url: '/api/dashboard/team-overview' });
    expect(overview.json()).toEqual([
      {
        id: body.id,
        name: 'Platform',
        productId: product.id,
        lead: 'Olga Owner',
        members: 1,
        sample: [{ _id: owner.user.id, name: 'Olga Owner', avatar_url: null }],
      },
    ]);
  });

  it('refuses a short name and a missing or unknown team type with the spec’s messages, storing nothing', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const before = await countOf(teams);

    const short = await as(owner, createTeamReq(product.id, { name: ' A ', teamType: 'qa' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Team name must be at least 2 characters.',
      details: { fields: { name: ['Team name must be at least 2 characters.'] } },
    });
    for (const teamType of [undefined, '', 'sales']) {
      const res = await as(owner, createTeamReq(product.id, { name: 'Good name', teamType }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Please select a team type.',
        details: { fields: { teamType: ['Please select a team type.'] } },
      });
    }
    expect(await countOf(teams)).toBe(before);
  });

  it('lets an active member of one of the product’s teams and an admin create teams', async () => {
    const owner = await member();
    const teammate = await member('Tim Teammate');
    const product = await createProduct(ctx, owner.user.id);
    const existing = await createTeam(ctx, product.id);
    await addMember(ctx, existing.id, teammate.user.id);

    const byTeammate = await as(teammate, createTeamReq(product.id, { name: 'QA crew', teamType: 'qa' }));
    expect(byTeammate.statusCode).toBe(201);
    expect(byTeammate.json()).toMatchObject({ lead: { _id: teammate.user.id }, canManage: true });
    const byAdmin = await as(admin, createTeamReq(product.id, { name: 'Admins', teamType: 'general' }));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ lead: { _id: admin.user.id }, role: 'manager', canManage: true });
  });

  it('refuses a guest who sees the product with 403 READ_ONLY, a member who cannot see it with 404, and no session with 401', async () => {
    const owner = await member();
    const visitor = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const existing = await createTeam(ctx, product.id);
    await addMember(ctx, existing.id, visitor.user.id);
    const before = await countOf(teams);

    const byGuest = await as(visitor, createTeamReq(product.id, { name: 'Guests', teamType: 'qa' }));
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    const byStranger = await as(
      await member(),
      createTeamReq(product.id, { name: 'Strangers', teamType: 'qa' }),
    );
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    const unknown = await as(owner, createTeamReq(UNKNOWN, { name: 'Nowhere', teamType: 'qa' }));
    expect(unknown.statusCode).toBe(404);
    expect(
      (await as(undefined, createTeamReq(product.id, { name: 'Anon', teamType: 'qa' }))).statusCode,
    ).toBe(401);
    expect(await countOf(teams)).toBe(before);
  });
});

describe('GET /api/team and /api/team/project/{productId}/teams', () => {
  it('lists the teams of the products the caller sees, newest first, with counts, lead, the caller’s role and canManage', async () => {
    const owner = await member('Owen Owner');
    const dev = await member('Dev Person');
    const product = await createProduct(ctx, owner.user.id, { name: 'Zephyr' });
    const older = await createTeam(ctx, product.id, {
      name: 'Older',
      createdAt: new Date(Date.UTC(2026, 0, 1)),
      createdBy: owner.user.id,
    });
    const newer = await createTeam(ctx, product.id, {
      name: 'Newer',
      teamType: 'design',
      createdAt: new Date(Date.UTC(2026, 0, 2)),
    });
    const lead = await createUser(ctx, { name: 'Lena Lead' });
    await addMember(ctx, older.id, lead.id, { isLead: true, role: 'manager' });
    await addMember(ctx, older.id, dev.user.id, { role: 'developer' });
    await addMember(ctx, older.id, (await createUser(ctx)).id, { status: 'invited' });
    await addMember(ctx, older.id, (await createUser(ctx)).id, { status: 'suspended' });
    // A team of a product the developer does not see.
    const hidden = await createTeam(ctx, (await createProduct(ctx, admin.user.id)).id);

    const res = await as(dev, { url: '/api/team' });
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as { id: string }[];
    expect(listed.map((t) => t.id)).toEqual([newer.id, older.id]);
    expect(listed[1]).toEqual({
      id: older.id,
      _id: older.id,
      name: 'Older',
      description: '',
      teamType: 'development',
      productId: product.id,
      productName: 'Zephyr',
      email: lead.email,
      role: 'developer',
      memberCount: 4,
      activeMembers: 2,
      lead: { _id: lead.id, name: 'Lena Lead' },
      canManage: false,
      createdBy: owner.user.id,
      createdAt: older.createdAt.toISOString(),
    });
    expect(listed[0]).toMatchObject({
      name: 'Newer',
      teamType: 'design',
      email: null,
      role: null,
      memberCount: 0,
      activeMembers: 0,
      lead: null,
      canManage: false,
    });

    // The product's creator manages both; an admin sees every team.
    const byOwner = (await as(owner, { url: '/api/team' })).json().data as { canManage: boolean }[];
    expect(byOwner.map((t) => t.canManage)).toEqual([true, true]);
    const all = (await as(admin, { url: '/api/team' })).json().data as { id: string }[];
    expect(all.map((t) => t.id)).toEqual(expect.arrayContaining([hidden.id, older.id, newer.id]));
    expect((await as(undefined, { url: '/api/team' })).statusCode).toBe(401);
  });

  it('lists one product’s teams, and answers 404 for a product the caller cannot see', async () => {
    const owner = await member();
    const { product, team } = await productWithTeam(owner);
    await createTeam(ctx, (await createProduct(ctx, owner.user.id)).id, { name: 'Elsewhere' });

    const res = await as(owner, { url: `/api/team/project/${product.id}/teams` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: { id: string }) => t.id)).toEqual([team.id]);
    const hidden = await as(await member(), { url: `/api/team/project/${product.id}/teams` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Product not found');
    expect((await as(owner, { url: '/api/team/project/not-an-id/teams' })).statusCode).toBe(400);
  });
});

describe('GET /api/team/{teamId}', () => {
  it('answers the team with its members: active first, then invited, pending and suspended, each by name', async () => {
    const owner = await member('Zara Owner');
    const { team } = await productWithTeam(owner);
    const add = async (name: string, values: Parameters<typeof addMember>[3]) => {
      const user = await createUser(ctx, { name, role: name.startsWith('Admin') ? 'admin' : 'member' });
      await addMember(ctx, team.id, user.id, values);
      return user;
    };
    await add('Suki Suspended', { status: 'suspended' });
    await add('Ivan Invited', { status: 'invited', role: 'designer' });
    await add('Abe Active', { role: 'developer' });
    await add('Pam Pending', { status: 'pending' });
    await add('Admin Alba', { role: 'admin' });
    await add('Ian Invited', { status: 'invited' });

    const res = await as(owner, { url: `/api/team/${team.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: team.id, name: 'Core team', memberCount: 7, activeMembers: 3 });
    expect(body.members.map((m: { user: { name: string } }) => m.user.name)).toEqual([
      'Abe Active',
      'Admin Alba',
      'Zara Owner',
      'Ian Invited',
      'Ivan Invited',
      'Pam Pending',
      'Suki Suspended',
    ]);
    const lead = body.members[2];
    expect(lead).toEqual({
      _id: (await rowOf(team.id, owner.user.id))?.id,
      user: {
        _id: owner.user.id,
        id: owner.user.id,
        name: 'Zara Owner',
        email: owner.user.email,
        avatar: null,
      },
      role: 'manager',
      status: 'active',
      joined_at: (await rowOf(team.id, owner.user.id))?.joinedAt?.toISOString(),
      is_lead: true,
      systemRole: 'member',
    });
    expect(body.members[1]).toMatchObject({ role: 'admin', systemRole: 'admin', is_lead: false });
    expect(body.members[4]).toMatchObject({ status: 'invited', role: 'designer', joined_at: null });
  });

  it('shows the team to an invitee who does not see the product yet, and 404 Team not found to anyone else', async () => {
    const owner = await member();
    const invitee = await member('Ines Invitee');
    const { product, team } = await productWithTeam(owner);
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'designer' }));

    const seen = await as(invitee, { url: `/api/team/${team.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ role: 'designer', canManage: false });
    expect((await as(invitee, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);

    const stranger = await as(await member(), { url: `/api/team/${team.id}` });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'TEAM_NOT_FOUND', message: teamMessages.notFound });
    expect((await as(owner, { url: `/api/team/${UNKNOWN}` })).statusCode).toBe(404);
    expect((await as(admin, { url: `/api/team/${team.id}` })).json().canManage).toBe(true);
  });
});

describe('POST /api/team/{teamId}/{projectId}/invite', () => {
  it('invites a user: an invited member, an INVITE notification from the caller, and member_added', async () => {
    const owner = await member('Olive Owner');
    const invitee = await member('Ike Invitee');
    const { product, team } = await productWithTeam(owner, 'Core team', 'Apollo');

    const res = await as(
      owner,
      invite(team.id, product.id, { userId: invitee.user.id, role: 'QA Engineer' }),
    );
    expect(res.statusCode).toBe(201);
    const row = await rowOf(team.id, invitee.user.id);
    expect(res.json()).toEqual({
      _id: row?.id,
      user: {
        _id: invitee.user.id,
        id: invitee.user.id,
        name: 'Ike Invitee',
        email: invitee.user.email,
        avatar: null,
      },
      role: 'qa engineer',
      status: 'invited',
      joined_at: null,
      is_lead: false,
      systemRole: 'member',
    });
    expect(row).toMatchObject({ status: 'invited', invitedBy: owner.user.id, joinedAt: null });

    const list = await as(invitee, { url: '/api/notifications' });
    expect(list.json()).toMatchObject({ unread: 1, nextCursor: null });
    expect(list.json().data).toEqual([
      {
        _id: expect.any(String),
        id: expect.any(String),
        type: 'INVITE',
        message: 'Olive Owner invited you to join the team "Core team" on "Apollo" as qa engineer.',
        read: false,
        sender: { _id: owner.user.id, name: 'Olive Owner', avatar: null },
        metadata: {
          teamId: team.id,
          productId: product.id,
          teamName: 'Core team',
          productName: 'Apollo',
          role: 'qa engineer',
        },
        invitationPending: true,
        createdAt: expect.any(String),
      },
    ]);
    expect((await entriesOf(product.id)).at(-1)).toMatchObject({
      actionType: 'member_added',
      description: 'Invited Ike Invitee to team "Core team" as qa engineer',
      metadata: { teamId: team.id, userId: invitee.user.id, role: 'qa engineer', status: 'invited' },
      performedBy: owner.user.id,
    });
  });

  it('refuses a second invitation, an active member, and a missing or disabled user, changing nothing', async () => {
    const owner = await member();
    const invitee = await member();
    const teammate = await member();
    const { product, team } = await productWithTeam(owner);
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }));
    await join(owner, team.id, product.id, teammate);
    const disabled = await createUser(ctx, { disabled: true });
    const before = [await countOf(teamMembers), await countOf(notifications), await countOf(activities)];

    const twice = await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'designer' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_INVITED', message: teamMessages.alreadyInvited });
    const already = await as(
      owner,
      invite(team.id, product.id, { userId: teammate.user.id, role: 'designer' }),
    );
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ code: 'ALREADY_MEMBER', message: teamMessages.alreadyMember });
    const self = await as(owner, invite(team.id, product.id, { userId: owner.user.id, role: 'developer' }));
    expect(self.json().code).toBe('ALREADY_MEMBER');
    for (const userId of [UNKNOWN, 'not-a-user', disabled.id]) {
      const res = await as(owner, invite(team.id, product.id, { userId, role: 'developer' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: teamMessages.userNotFound });
    }
    expect([await countOf(teamMembers), await countOf(notifications), await countOf(activities)]).toEqual(
      before,
    );
    expect((await rowOf(team.id, invitee.user.id))?.role).toBe('developer');
  });

  it('refuses a missing userId and a role the dialog does not offer with the spec’s messages', async () => {
    const owner = await member();
    const { product, team } = await productWithTeam(owner);
    const noUser = await as(owner, invite(team.id, product.id, { userId: ' ', role: 'developer' }));
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json()).toMatchObject({
      message: 'User ID is required',
      details: { fields: { userId: ['User ID is required'] } },
    });
    const badRole = await as(owner, invite(team.id, product.id, { userId: UNKNOWN, role: 'admin' }));
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({
      message: 'Role is required',
      details: { fields: { role: ['Role is required'] } },
    });
  });

  it('answers 404 Team not found when the product in the path is not the team’s', async () => {
    const owner = await member();
    const invitee = await member();
    const { team } = await productWithTeam(owner);
    const other = await createProduct(ctx, owner.user.id);
    const res = await as(owner, invite(team.id, other.id, { userId: invitee.user.id, role: 'developer' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TEAM_NOT_FOUND', message: teamMessages.notFound });
    expect(await rowOf(team.id, invitee.user.id)).toBeUndefined();
  });

  it('lets admins, the product’s creator and the active lead invite; a plain member gets 403, a guest 403 READ_ONLY, an outsider 404', async () => {
    const owner = await member();
    const lead = await member('Leo Lead');
    const plain = await member('Pia Plain');
    const visitor = await guest();
    const outsider = await member();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, lead.user.id, { isLead: true, role: 'manager' });
    await addMember(ctx, team.id, plain.user.id);
    await addMember(ctx, team.id, visitor.user.id, { isLead: false });
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(ctx)));
    const inviteAs = (who: Signed, i: number) =>
      as(who, invite(team.id, product.id, { userId: people[i]?.id, role: 'developer' }));

    expect((await inviteAs(admin, 0)).statusCode).toBe(201);
    expect((await inviteAs(owner, 1)).statusCode).toBe(201);
    expect((await inviteAs(lead, 2)).statusCode).toBe(201);
    const byPlain = await inviteAs(plain, 3);
    expect(byPlain.statusCode).toBe(403);
    expect(byPlain.json()).toMatchObject({ code: 'FORBIDDEN', message: teamMessages.forbidden });
    const byGuest = await inviteAs(visitor, 4);
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().code).toBe('READ_ONLY');
    // A member of another product does not see this team at all.
    const elsewhere = await createProduct(ctx, outsider.user.id);
    await createTeam(ctx, elsewhere.id);
    expect((await inviteAs(outsider, 5)).statusCode).toBe(404);
    expect((await as(plain, { url: `/api/team/${team.id}` })).json().canManage).toBe(false);
    expect((await as(lead, { url: `/api/team/${team.id}` })).json().canManage).toBe(true);
  });

  it('invites again a user who was removed from the team', async () => {
    const owner = await member();
    const leaver = await member();
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, leaver);
    expect((await as(owner, removeMember(team.id, leaver.user.id))).statusCode).toBe(200);
    const again = await as(owner, invite(team.id, product.id, { userId: leaver.user.id, role: 'manager' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'invited', role: 'manager' });
  });

  it('stores no member and no notification when the activity entry cannot be written', async () => {
    const owner = await member();
    const invitee = await member();
    const { product, team } = await productWithTeam(owner);
    await ctx.pool.query(`create or replace function test_refuse_activity() returns trigger language plpgsql
      as $$ begin raise exception 'activity refused by the test'; end $$`);
    await ctx.pool.query(`create trigger test_refuse_activity before insert on activities
      for each row when (new.action_type = 'member_added') execute function test_refuse_activity()`);
    try {
      const res = await as(
        owner,
        invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.pool.query('drop trigger test_refuse_activity on activities');
    }
    expect(await rowOf(team.id, invitee.user.id)).toBeUndefined();
    expect(await notificationsOf(invitee.user.id)).toEqual([]);
  });
});

describe('PATCH /api/team/{teamId}/accept', () => {
  it('makes the invitation an active membership: the product shows, the INVITE is read, the inviter is told', async () => {
    const owner = await member('Oscar Owner');
    const invitee = await member('Ivy Invitee');
    const { product, team } = await productWithTeam(owner, 'Core team', 'Apollo');
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }));
    expect((await as(invitee, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);
    expect((await as(invitee, { url: '/api/projects' })).json().data).toEqual([]);

    const res = await as(invitee, accept(team.id));
    expect(res.statusCode).toBe(200);
    const row = await rowOf(team.id, invitee.user.id);
    expect(row).toMatchObject({ status: 'active', joinedAt: expect.any(Date) });
    expect(res.json()).toMatchObject({
      _id: row?.id,
      user: { _id: invitee.user.id, name: 'Ivy Invitee' },
      role: 'developer',
      status: 'active',
      joined_at: row?.joinedAt?.toISOString(),
      is_lead: false,
    });

    const seen = await as(invitee, { url: `/api/projects/${product.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().name).toBe('Apollo');
    expect(
      (await as(invitee, { url: '/api/projects' })).json().data.map((p: { id: string }) => p.id),
    ).toEqual([product.id]);
    const mine = await as(invitee, { url: '/api/notifications' });
    expect(mine.json()).toMatchObject({ unread: 0, data: [{ type: 'INVITE', read: true }] });

    const told = await notificationsOf(owner.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'INVITE_ACCEPTED',
      senderId: invitee.user.id,
      message: 'Ivy Invitee accepted your invitation to join the team "Core team" on "Apollo".',
      metadata: { teamId: team.id, productId: product.id, userId: invitee.user.id },
      readAt: null,
    });
    expect((await entriesOf(product.id)).at(-1)).toMatchObject({
      actionType: 'team_member_added',
      description: 'Ivy Invitee joined team "Core team"',
      metadata: { teamId: team.id, userId: invitee.user.id, role: 'developer' },
      performedBy: invitee.user.id,
    });
    expect((await as(owner, { url: `/api/team/${team.id}` })).json()).toMatchObject({
      memberCount: 2,
      activeMembers: 2,
    });
  });

  it('answers the member unchanged when accepted twice', async () => {
    const owner = await member();
    const invitee = await member();
    const { product, team } = await productWithTeam(owner);
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }));
    const first = await as(invitee, accept(team.id));
    const counts = [await countOf(notifications), await countOf(activities)];
    const second = await as(invitee, accept(team.id));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect([await countOf(notifications), await countOf(activities)]).toEqual(counts);
  });

  it('answers 404 to a caller without an invitation to the team (someone else’s), changing nothing', async () => {
    const owner = await member();
    const invitee = await member();
    const other = await member();
    const { product, team } = await productWithTeam(owner);
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }));

    const res = await as(other, accept(team.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'INVITATION_NOT_FOUND',
      message: teamMessages.invitationNotFound,
    });
    expect((await rowOf(team.id, invitee.user.id))?.status).toBe('invited');
    expect(await rowOf(team.id, other.user.id)).toBeUndefined();
    expect((await as(other, accept(UNKNOWN))).statusCode).toBe(404);
    // A suspended member has nothing to accept either.
    const suspended = await member();
    await addMember(ctx, team.id, suspended.user.id, { status: 'suspended' });
    expect((await as(suspended, accept(team.id))).statusCode).toBe(404);
    expect((await rowOf(team.id, suspended.user.id))?.status).toBe('suspended');
  });

  it('lets a guest accept an invitation and then read the product', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product, team } = await productWithTeam(owner);
    await as(owner, invite(team.id, product.id, { userId: visitor.user.id, role: 'designer' }));
    expect((await as(visitor, accept(team.id))).statusCode).toBe(200);
    expect((await as(visitor, { url: `/api/projects/${product.id}` })).statusCode).toBe(200);
  });
});

describe('PATCH /api/team/{teamId}/lead', () => {
  it('makes an active member lead instead of the previous one, telling them and recording team_lead_changed', async () => {
    const owner = await member('Opal Owner');
    const next = await member('Nico Next');
    const { product, team } = await productWithTeam(owner, 'Core team', 'Apollo');
    await join(owner, team.id, product.id, next, 'manager');

    const res = await as(owner, setLead(team.id, next.user.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lead).toEqual({ _id: next.user.id, name: 'Nico Next' });
    expect(body.email).toBe(next.user.email);
    expect(
      body.members
        .filter((m: { is_lead: boolean }) => m.is_lead)
        .map((m: { user: { id: string } }) => m.user.id),
    ).toEqual([next.user.id]);
    expect((await rowOf(team.id, owner.user.id))?.isLead).toBe(false);
    // The owner still manages it as the product's creator.
    expect(body.canManage).toBe(true);

    expect((await notificationsOf(next.user.id)).at(-1)).toMatchObject({
      type: 'TEAM_LEAD',
      senderId: owner.user.id,
      message: 'Opal Owner made you the lead of the team "Core team" on "Apollo".',
      metadata: { teamId: team.id, productId: product.id },
    });
    expect((await entriesOf(product.id)).at(-1)).toMatchObject({
      actionType: 'team_lead_changed',
      description: 'Made Nico Next lead of team "Core team"',
      metadata: { teamId: team.id, userId: next.user.id, previousLeadId: owner.user.id },
    });
  });

  it('refuses an invited member and the current lead with 400, and someone not in the team with 404', async () => {
    const owner = await member();
    const invitee = await member();
    const { product, team } = await productWithTeam(owner);
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'manager' }));
    const before = await countOf(activities);

    for (const userId of [invitee.user.id, owner.user.id]) {
      const res = await as(owner, setLead(team.id, userId));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LEAD_NOT_ELIGIBLE', message: teamMessages.leadNotEligible });
    }
    const outside = await as(owner, setLead(team.id, admin.user.id));
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND', message: teamMessages.memberNotFound });
    expect((await as(owner, setLead(team.id, 'nobody'))).statusCode).toBe(400);
    expect((await rowOf(team.id, owner.user.id))?.isLead).toBe(true);
    expect(await countOf(activities)).toBe(before);
  });

  it('hands the management over: the new lead manages the team, the previous lead (not the product’s creator) no longer does', async () => {
    const owner = await member();
    const first = await member('First Lead');
    const second = await member('Second Lead');
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, first.user.id, { isLead: true, role: 'manager' });
    await addMember(ctx, team.id, second.user.id, { role: 'manager' });

    expect((await as(second, setLead(team.id, second.user.id))).statusCode).toBe(403);
    expect((await as(first, setLead(team.id, second.user.id))).statusCode).toBe(200);
    expect((await as(second, { url: `/api/team/${team.id}` })).json().canManage).toBe(true);
    const refused = await as(first, setLead(team.id, first.user.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await notificationsOf(second.user.id)).map((n) => n.type)).toEqual(['TEAM_LEAD']);
    // Making oneself lead tells nobody.
    await addMember(ctx, team.id, owner.user.id);
    expect((await as(owner, setLead(team.id, owner.user.id))).statusCode).toBe(200);
    expect(await notificationsOf(owner.user.id)).toEqual([]);
  });

  it('answers 404 TEAM_NOT_FOUND to a member who cannot see the product, and 403 READ_ONLY to a guest who sees it (even its lead), changing nothing', async () => {
    const owner = await member();
    const teammate = await member('Tom Teammate');
    const visitor = await guest();
    const guestLead = await guest('Gwen Guest Lead');
    const stranger = await member();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, guestLead.user.id, { isLead: true, role: 'manager' });
    await addMember(ctx, team.id, teammate.user.id, { role: 'manager' });
    await addMember(ctx, team.id, visitor.user.id);
    const leads = async () =>
      (await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id)))
        .filter((m) => m.isLead)
        .map((m) => m.userId);
    const before = [await countOf(activities), await countOf(notifications)];

    const byStranger = await as(stranger, setLead(team.id, teammate.user.id));
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'TEAM_NOT_FOUND', message: teamMessages.notFound });
    for (const who of [visitor, guestLead]) {
      const res = await as(who, setLead(team.id, teammate.user.id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    }
    const unknown = await as(owner, setLead(UNKNOWN, teammate.user.id));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEAM_NOT_FOUND');

    expect(await leads()).toEqual([guestLead.user.id]);
    expect((await rowOf(team.id, teammate.user.id))?.isLead).toBe(false);
    expect([await countOf(activities), await countOf(notifications)]).toEqual(before);
  });
});

describe('DELETE /api/team/{teamId}/remove/{userId}', () => {
  it('removes a member, who no longer sees the product and is told; removing the lead leaves no lead', async () => {
    const owner = await member('Omar Owner');
    const leaver = await member('Lou Leaver');
    const { product, team } = await productWithTeam(owner, 'Core team', 'Apollo');
    await join(owner, team.id, product.id, leaver);
    await as(owner, setLead(team.id, leaver.user.id));
    expect((await as(leaver, { url: `/api/projects/${product.id}` })).statusCode).toBe(200);

    const res = await as(owner, removeMember(team.id, leaver.user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Member removed.' });
    expect(await rowOf(team.id, leaver.user.id)).toBeUndefined();
    expect((await as(leaver, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);
    expect((await as(leaver, { url: `/api/team/${team.id}` })).statusCode).toBe(404);
    expect((await as(owner, { url: `/api/team/${team.id}` })).json()).toMatchObject({
      lead: null,
      email: null,
      memberCount: 1,
    });

    expect((await notificationsOf(leaver.user.id)).at(-1)).toMatchObject({
      type: 'REMOVED_FROM_TEAM',
      senderId: owner.user.id,
      message: 'Omar Owner removed you from the team "Core team" on "Apollo".',
      metadata: { teamId: team.id, productId: product.id },
    });
    expect((await entriesOf(product.id)).at(-1)).toMatchObject({
      actionType: 'team_member_removed',
      description: 'Removed Lou Leaver from team "Core team"',
      metadata: { teamId: team.id, userId: leaver.user.id, status: 'active', wasLead: true },
    });
  });

  it('withdraws an invitation: its INVITE is read and the invitee is told', async () => {
    const owner = await member('Omar Owner');
    const invitee = await member();
    const { product, team } = await productWithTeam(owner, 'Core team', 'Apollo');
    await as(owner, invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }));

    expect((await as(owner, removeMember(team.id, invitee.user.id))).statusCode).toBe(200);
    const told = await notificationsOf(invitee.user.id);
    expect(told.map((n) => [n.type, n.readAt !== null])).toEqual([
      ['INVITE', true],
      ['REMOVED_FROM_TEAM', false],
    ]);
    expect(told[1]?.message).toBe(
      'Omar Owner withdrew your invitation to join the team "Core team" on "Apollo".',
    );
    expect((await as(invitee, accept(team.id))).statusCode).toBe(404);
  });

  it('lets anyone leave a team or decline an invitation themselves, without a notification to them', async () => {
    const owner = await member();
    const leaver = await member('Lee Leaver');
    const decliner = await guest('Dee Decliner');
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, leaver);
    await as(owner, invite(team.id, product.id, { userId: decliner.user.id, role: 'designer' }));
    const before = await countOf(notifications);

    expect((await as(leaver, removeMember(team.id, leaver.user.id))).statusCode).toBe(200);
    expect((await as(decliner, removeMember(team.id, decliner.user.id))).statusCode).toBe(200);
    expect(await countOf(notifications)).toBe(before);
    expect((await entriesOf(product.id)).slice(-2).map((e) => e.description)).toEqual([
      'Lee Leaver left team "Core team"',
      'Dee Decliner declined the invitation to team "Core team"',
    ]);
  });

  it('refuses a plain member removing someone else (403), and answers 404 for a user not in the team', async () => {
    const owner = await member();
    const plain = await member();
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, plain);

    const refused = await as(plain, removeMember(team.id, owner.user.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await rowOf(team.id, owner.user.id)).toBeDefined();
    const missing = await as(owner, removeMember(team.id, admin.user.id));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND', message: teamMessages.memberNotFound });
    expect((await as(await member(), removeMember(team.id, owner.user.id))).statusCode).toBe(404);
  });
});

describe('DELETE /api/team/{teamId}', () => {
  it('deletes the team and its members; its tasks keep no team; records team_deleted', async () => {
    const owner = await member();
    const teammate = await member();
    const { product, team } = await productWithTeam(owner, 'Doomed');
    await join(owner, team.id, product.id, teammate);
    const task = await createTask(ctx, product.id, { teamId: team.id });

    const res = await as(owner, { method: 'DELETE', url: `/api/team/${team.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: teamMessages.deleted });
    expect(await ctx.db.select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
    expect(await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual([]);
    expect((await ctx.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]?.teamId).toBeNull();
    expect((await entriesOf(product.id)).at(-1)).toMatchObject({
      actionType: 'team_deleted',
      description: 'Deleted team "Doomed"',
      metadata: { teamId: team.id, teamName: 'Doomed' },
      productId: product.id,
    });
    expect((await as(teammate, { url: `/api/projects/${product.id}` })).statusCode).toBe(404);
    expect((await as(owner, { method: 'DELETE', url: `/api/team/${team.id}` })).statusCode).toBe(404);
  });

  it('refuses a plain member (403 FORBIDDEN) and a guest (403 READ_ONLY), deleting nothing', async () => {
    const owner = await member();
    const plain = await member();
    const visitor = await guest();
    const { team } = await productWithTeam(owner);
    await addMember(ctx, team.id, plain.user.id);
    await addMember(ctx, team.id, visitor.user.id);

    const byPlain = await as(plain, { method: 'DELETE', url: `/api/team/${team.id}` });
    expect(byPlain.statusCode).toBe(403);
    expect(byPlain.json()).toMatchObject({ code: 'FORBIDDEN', message: teamMessages.forbidden });
    const byGuest = await as(visitor, { method: 'DELETE', url: `/api/team/${team.id}` });
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().code).toBe('READ_ONLY');
    expect(await ctx.db.select().from(teams).where(eq(teams.id, team.id))).toHaveLength(1);
    expect((await as(admin, { method: 'DELETE', url: `/api/team/${team.id}` })).statusCode).toBe(200);
  });

  it('answers 404 TEAM_NOT_FOUND to a member who cannot see the product and 403 READ_ONLY to a guest lead, deleting nothing', async () => {
    const owner = await member();
    const teammate = await member();
    const guestLead = await guest();
    const stranger = await member();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, guestLead.user.id, { isLead: true, role: 'manager' });
    await addMember(ctx, team.id, teammate.user.id);
    // The stranger sees a product of their own, not this one.
    await createTeam(ctx, (await createProduct(ctx, stranger.user.id)).id);
    const task = await createTask(ctx, product.id, { teamId: team.id });
    const before = [await countOf(teamMembers), await countOf(activities)];
    const remove: Req = { method: 'DELETE', url: `/api/team/${team.id}` };

    const byStranger = await as(stranger, remove);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'TEAM_NOT_FOUND', message: teamMessages.notFound });
    const byGuestLead = await as(guestLead, remove);
    expect(byGuestLead.statusCode).toBe(403);
    expect(byGuestLead.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });

    expect(await ctx.db.select().from(teams).where(eq(teams.id, team.id))).toHaveLength(1);
    expect(await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(2);
    expect((await ctx.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]?.teamId).toBe(team.id);
    expect([await countOf(teamMembers), await countOf(activities)]).toEqual(before);
  });
});

describe('GET /api/team/{teamId}/candidates', () => {
  it('lists admins enabled, verified users whose name or e-mail contains the search, without anyone in the team, by name', async () => {
    const owner = await member();
    const { product, team } = await productWithTeam(owner);
    const tag = `Cand${Date.now().toString(36)}`;
    const make = (name: string, options: Parameters<typeof createUser>[1] = {}) =>
      createUser(ctx, { name: `${name} ${tag}`, ...options });
    const bea = await make('Bea');
    const abe = await make('Abe');
    await make('Dis', { disabled: true });
    await make('Unv', { verified: false });
    const invited = await make('Inv');
    const active = await make('Act');
    const byEmail = await createUser(ctx, { name: 'Zed', email: `${tag.toLowerCase()}-zed@example.com` });
    await as(owner, invite(team.id, product.id, { userId: invited.id, role: 'developer' }));
    await addMember(ctx, team.id, active.id);

    const res = await as(admin, { url: `/api/team/${team.id}/candidates?search=${tag.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { _id: abe.id, id: abe.id, name: `Abe ${tag}`, email: abe.email, avatar: null },
        { _id: bea.id, id: bea.id, name: `Bea ${tag}`, email: bea.email, avatar: null },
        { _id: byEmail.id, id: byEmail.id, name: 'Zed', email: byEmail.email, avatar: null },
      ],
      restricted: false,
    });
    const all = await as(admin, { url: `/api/team/${team.id}/candidates` });
    expect(all.json().data.length).toBeGreaterThan(0);
    expect(all.json().data.length).toBeLessThanOrEqual(20);
    expect(all.json().data.map((c: { id: string }) => c.id)).not.toContain(owner.user.id);
  });

  it('answers only those who may manage the team', async () => {
    const owner = await member();
    const plain = await member();
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, plain);
    expect((await as(plain, { url: `/api/team/${team.id}/candidates` })).statusCode).toBe(403);
    expect((await as(await member(), { url: `/api/team/${team.id}/candidates` })).statusCode).toBe(404);
    expect((await as(admin, { url: `/api/team/${team.id}/candidates` })).statusCode).toBe(200);
  });

  // Issue 13 #8 (docs/decisions/011-people-search.md): a member who leads a team finds the
  // person to invite without being able to list the directory.
  describe('for a lead who is not an admin', () => {
    const search = async (who: Signed, teamId: string, term: string) => {
      const res = await as(who, { url: `/api/team/${teamId}/candidates?search=${encodeURIComponent(term)}` });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { id: string; name: string; email: string }[]; restricted: boolean };
    };

    it('lists nobody for an empty, one-letter or two-letter search', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      await createUser(ctx, { name: 'Anna Apple' });
      for (const term of ['', 'a', 'An', '@', 'example.com']) {
        expect(await search(lead, team.id, term)).toEqual({ data: [], restricted: true });
      }
    });

    it('finds a person by their exact e-mail, in any case, with the e-mail shown', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      const tag = Date.now().toString(36);
      const target = await createUser(ctx, { name: 'Quinn Exact', email: `quinn-${tag}@example.com` });
      const found = await search(lead, team.id, `QUINN-${tag}@Example.com`);
      expect(found.data).toEqual([
        { _id: target.id, id: target.id, name: 'Quinn Exact', email: target.email, avatar: null },
      ]);
      expect((await search(lead, team.id, `quinn-${tag}@example.co`)).data).toEqual([]);
    });

    it('finds at most 5 people by the start of a name or of a word in it, their e-mails masked', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      const tag = `Pfx${Date.now().toString(36)}`;
      for (let i = 0; i < 7; i++) {
        await createUser(ctx, { name: `${tag} Person${i}`, email: `p${i}-${tag.toLowerCase()}@example.com` });
      }
      const other = await createUser(ctx, {
        name: `Robin ${tag}x`,
        email: `robin-${tag.toLowerCase()}@corp.test`,
      });

      const byFirstWord = await search(lead, team.id, tag.slice(0, 6));
      expect(byFirstWord.restricted).toBe(true);
      expect(byFirstWord.data).toHaveLength(5);
      for (const person of byFirstWord.data) expect(person.email).toBe('p•••@example.com');

      const bySecondWord = await search(lead, team.id, `${tag}X`);
      expect(bySecondWord.data).toEqual([
        { _id: other.id, id: other.id, name: other.name, email: 'r•••@corp.test', avatar: null },
      ]);
      // Not the middle of a word, and not the e-mail.
      expect((await search(lead, team.id, tag.slice(1))).data).toEqual([]);
      expect((await search(lead, team.id, `robin-${tag.toLowerCase()}`)).data).toEqual([]);
    });

    it('refuses a 61st search in a minute with 429 and says what the limit is', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      for (let i = 0; i < 60; i++) await search(lead, team.id, `abc${i}`);
      const res = await as(lead, { url: `/api/team/${team.id}/candidates?search=abcd` });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(
        'You can search for people at most 60 times a minute. Please wait a minute and try again.',
      );
    });
  });
});

describe('OpenAPI', () => {
  it('documents every team call under the teams tag', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>)
      .filter(([path]) => path.startsWith('/api/team'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op.tags]))
      .filter(([, tags]) => (tags as string[]).includes('teams'));
    expect(Object.fromEntries(operations)).toEqual({
      'get /api/team': ['teams'],
      'get /api/team/project/{productId}/teams': ['teams'],
      'post /api/team/{productId}/create-team': ['teams'],
      'get /api/team/{teamId}': ['teams'],
      'get /api/team/{teamId}/members.csv': ['teams'],
      'get /api/team/{teamId}/candidates': ['teams'],
      'delete /api/team/{teamId}': ['teams'],
      'patch /api/team/{teamId}/lead': ['teams'],
      'delete /api/team/{teamId}/remove/{userId}': ['teams'],
      'post /api/team/{teamId}/{projectId}/invite': ['teams'],
      'patch /api/team/{teamId}/accept': ['teams'],
    });
  });
});

describe('realtime changes', () => {
  /** What the app publishes while `action` runs. */
  async function publishedBy(action: () => Promise<unknown>) {
    const before = ctx.published.length;
    await action();
    return ctx.published.slice(before);
  }
  const lastNotificationOf = async (userId: string) => (await notificationsOf(userId)).at(-1)?.id;
  const told = (userId: string, id: string | undefined) =>
    expect.objectContaining({ kind: 'notification', op: 'created', id, productId: null, userIds: [userId] });
  const membership = (op: string, teamId: string, productId: string, userId: string) =>
    expect.objectContaining({
      kind: 'member',
      op,
      id: teamId,
      productId,
      userIds: [userId],
      access: [userId],
    });

  it('publishes the team, every membership change for the affected user, and every notification to its owner', async () => {
    const owner = await member('Oona Owner');
    const invitee = await member('Ida Invitee');
    const product = await createProduct(ctx, owner.user.id);
    let teamId = '';
    expect(
      await publishedBy(async () => {
        const res = await as(
          owner,
          createTeamReq(product.id, { name: 'Live team', description: '', teamType: 'development' }),
        );
        expect(res.statusCode).toBe(201);
        teamId = res.json().id;
      }),
    ).toEqual([expect.objectContaining({ kind: 'team', op: 'created', id: teamId, productId: product.id })]);

    const invited = await publishedBy(() =>
      as(owner, invite(teamId, product.id, { userId: invitee.user.id, role: 'developer' })),
    );
    expect(invited).toEqual([
      membership('created', teamId, product.id, invitee.user.id),
      told(invitee.user.id, await lastNotificationOf(invitee.user.id)),
    ]);

    const accepted = await publishedBy(() => as(invitee, accept(teamId)));
    expect(accepted).toEqual([
      membership('updated', teamId, product.id, invitee.user.id),
      // Their INVITE was marked read.
      expect.objectContaining({ kind: 'notification', op: 'updated', userIds: [invitee.user.id] }),
      told(owner.user.id, await lastNotificationOf(owner.user.id)),
    ]);

    const led = await publishedBy(() => as(owner, setLead(teamId, invitee.user.id)));
    expect(led).toEqual([
      membership('updated', teamId, product.id, invitee.user.id),
      told(invitee.user.id, await lastNotificationOf(invitee.user.id)),
    ]);

    const removed = await publishedBy(() => as(owner, removeMember(teamId, invitee.user.id)));
    expect(removed).toEqual([
      membership('deleted', teamId, product.id, invitee.user.id),
      told(invitee.user.id, await lastNotificationOf(invitee.user.id)),
    ]);

    expect(await publishedBy(() => as(owner, { method: 'DELETE', url: `/api/team/${teamId}` }))).toEqual([
      expect.objectContaining({
        kind: 'team',
        op: 'deleted',
        id: teamId,
        productId: product.id,
        access: [owner.user.id],
      }),
    ]);
  });

  it('publishes a declined invitation and a member leaving to that member alone', async () => {
    const owner = await member();
    const decliner = await member();
    const leaver = await member();
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, leaver);
    await as(owner, invite(team.id, product.id, { userId: decliner.user.id, role: 'developer' }));

    expect(await publishedBy(() => as(decliner, removeMember(team.id, decliner.user.id)))).toEqual([
      membership('deleted', team.id, product.id, decliner.user.id),
      expect.objectContaining({ kind: 'notification', op: 'updated', userIds: [decliner.user.id] }),
    ]);
    expect(await publishedBy(() => as(leaver, removeMember(team.id, leaver.user.id)))).toEqual([
      membership('deleted', team.id, product.id, leaver.user.id),
    ]);
  });

  it('publishes nothing for a refused, invalid or failed write', async () => {
    const owner = await member();
    const teammate = await member();
    const visitor = await guest();
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, teammate);
    await addMember(ctx, team.id, visitor.user.id);
    const published = await publishedBy(async () => {
      expect((await as(owner, createTeamReq(product.id, { name: '' }))).statusCode).toBe(400);
      expect(
        (
          await as(
            visitor,
            createTeamReq(product.id, { name: 'No', description: '', teamType: 'development' }),
          )
        ).statusCode,
      ).toBe(403);
      expect((await as(teammate, { method: 'DELETE', url: `/api/team/${team.id}` })).statusCode).toBe(403);
      expect((await as(teammate, removeMember(team.id, owner.user.id))).statusCode).toBe(403);
      expect(
        (await as(owner, invite(team.id, product.id, { userId: teammate.user.id, role: 'developer' })))
          .statusCode,
      ).toBe(409);
      expect((await as(await member(), accept(team.id))).statusCode).toBe(404);
    });
    expect(published).toEqual([]);
  });
});
