import { describe, expect, it } from 'vitest';
import { addMember, createProduct } from '../../testing/factories.ts';
import { notificationsOf } from '../../testing/stored.ts';
import { accept, createTeamReq, invite, removeMember, setLead, useTeamTests } from './teams.test-kit.ts';

// What a team write publishes to the realtime clients.
const { ctx, as, member, guest, publishedBy, productWithTeam, join } = useTeamTests();

describe('realtime changes', () => {
  const lastNotificationOf = async (userId: string) => (await notificationsOf(ctx, userId)).at(-1)?.id;
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
