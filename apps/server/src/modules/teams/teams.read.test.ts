import { teamMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { addMember, createProduct, createTeam, createUser } from '../../testing/factories.ts';
import { UNKNOWN_ID } from '../../testing/http.ts';
import { invite, useTeamTests } from './teams.test-kit.ts';

// Reading teams: the lists and one team's page.
const { ctx, as, member, signedInOnce, productWithTeam, rowOf } = useTeamTests();
const admin = signedInOnce('admin', 'Ada Admin');

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
    expect((await as(owner, { url: `/api/team/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await as(admin, { url: `/api/team/${team.id}` })).json().canManage).toBe(true);
  });
});
