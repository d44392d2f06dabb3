import { productMessages, teamMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, notifications, teamMembers } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { UNKNOWN_ID } from '../../testing/http.ts';
import { countRows, entriesOf, notificationsOf } from '../../testing/stored.ts';
import { accept, invite, removeMember, setLead, useTeamTests } from './teams.test-kit.ts';

// Managing a team's members: its lead, and removing, withdrawing, leaving or declining.
const { ctx, as, member, guest, signedInOnce, productWithTeam, join, rowOf } = useTeamTests();
const admin = signedInOnce('admin', 'Ada Admin');

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

    expect((await notificationsOf(ctx, next.user.id)).at(-1)).toMatchObject({
      type: 'TEAM_LEAD',
      senderId: owner.user.id,
      message: 'Opal Owner made you the lead of the team "Core team" on "Apollo".',
      metadata: { teamId: team.id, productId: product.id },
    });
    expect((await entriesOf(ctx, product.id)).at(-1)).toMatchObject({
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
    const before = await countRows(ctx, activities);

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
    expect(await countRows(ctx, activities)).toBe(before);
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
    expect((await notificationsOf(ctx, second.user.id)).map((n) => n.type)).toEqual(['TEAM_LEAD']);
    // Making oneself lead tells nobody.
    await addMember(ctx, team.id, owner.user.id);
    expect((await as(owner, setLead(team.id, owner.user.id))).statusCode).toBe(200);
    expect(await notificationsOf(ctx, owner.user.id)).toEqual([]);
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
    const before = [await countRows(ctx, activities), await countRows(ctx, notifications)];

    const byStranger = await as(stranger, setLead(team.id, teammate.user.id));
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'TEAM_NOT_FOUND', message: teamMessages.notFound });
    for (const who of [visitor, guestLead]) {
      const res = await as(who, setLead(team.id, teammate.user.id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    }
    const unknown = await as(owner, setLead(UNKNOWN_ID, teammate.user.id));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEAM_NOT_FOUND');

    expect(await leads()).toEqual([guestLead.user.id]);
    expect((await rowOf(team.id, teammate.user.id))?.isLead).toBe(false);
    expect([await countRows(ctx, activities), await countRows(ctx, notifications)]).toEqual(before);
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

    expect((await notificationsOf(ctx, leaver.user.id)).at(-1)).toMatchObject({
      type: 'REMOVED_FROM_TEAM',
      senderId: owner.user.id,
      message: 'Omar Owner removed you from the team "Core team" on "Apollo".',
      metadata: { teamId: team.id, productId: product.id },
    });
    expect((await entriesOf(ctx, product.id)).at(-1)).toMatchObject({
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
    const told = await notificationsOf(ctx, invitee.user.id);
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
    const before = await countRows(ctx, notifications);

    expect((await as(leaver, removeMember(team.id, leaver.user.id))).statusCode).toBe(200);
    expect((await as(decliner, removeMember(team.id, decliner.user.id))).statusCode).toBe(200);
    expect(await countRows(ctx, notifications)).toBe(before);
    expect((await entriesOf(ctx, product.id)).slice(-2).map((e) => e.description)).toEqual([
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
