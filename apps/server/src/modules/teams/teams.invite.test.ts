import { teamMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { activities, notifications, teamMembers } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam, createUser } from '../../testing/factories.ts';
import { type Signed, UNKNOWN_ID } from '../../testing/http.ts';
import { countRows, entriesOf, notificationsOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { accept, invite, removeMember, useTeamTests } from './teams.test-kit.ts';

// Invitations: inviting someone into a team, and accepting.
const { ctx, as, member, guest, signedInOnce, productWithTeam, join, rowOf } = useTeamTests();
const admin = signedInOnce('admin', 'Ada Admin');

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
        // The inbox's triage state (issue 30): neither done nor snoozed.
        doneAt: null,
        snoozedUntil: null,
        createdAt: expect.any(String),
      },
    ]);
    expect((await entriesOf(ctx, product.id)).at(-1)).toMatchObject({
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
    const before = [
      await countRows(ctx, teamMembers),
      await countRows(ctx, notifications),
      await countRows(ctx, activities),
    ];

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
    for (const userId of [UNKNOWN_ID, 'not-a-user', disabled.id]) {
      const res = await as(owner, invite(team.id, product.id, { userId, role: 'developer' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: teamMessages.userNotFound });
    }
    expect([
      await countRows(ctx, teamMembers),
      await countRows(ctx, notifications),
      await countRows(ctx, activities),
    ]).toEqual(before);
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
    const badRole = await as(owner, invite(team.id, product.id, { userId: UNKNOWN_ID, role: 'admin' }));
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
    const restore = await refuseActivitiesWhen(ctx, "new.action_type = 'member_added'");
    try {
      const res = await as(
        owner,
        invite(team.id, product.id, { userId: invitee.user.id, role: 'developer' }),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await rowOf(team.id, invitee.user.id)).toBeUndefined();
    expect(await notificationsOf(ctx, invitee.user.id)).toEqual([]);
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

    const told = await notificationsOf(ctx, owner.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'INVITE_ACCEPTED',
      senderId: invitee.user.id,
      message: 'Ivy Invitee accepted your invitation to join the team "Core team" on "Apollo".',
      metadata: { teamId: team.id, productId: product.id, userId: invitee.user.id },
      readAt: null,
    });
    expect((await entriesOf(ctx, product.id)).at(-1)).toMatchObject({
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
    const counts = [await countRows(ctx, notifications), await countRows(ctx, activities)];
    const second = await as(invitee, accept(team.id));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect([await countRows(ctx, notifications), await countRows(ctx, activities)]).toEqual(counts);
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
    expect((await as(other, accept(UNKNOWN_ID))).statusCode).toBe(404);
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
