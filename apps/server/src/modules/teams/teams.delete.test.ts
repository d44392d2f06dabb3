import { productMessages, teamMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, tasks, teamMembers, teams } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import type { Req } from '../../testing/http.ts';
import { countRows, entriesOf } from '../../testing/stored.ts';
import { useTeamTests } from './teams.test-kit.ts';

// Deleting a team: DELETE /api/team/{teamId}.
const { ctx, as, member, guest, signedInOnce, productWithTeam, join } = useTeamTests();
const admin = signedInOnce('admin', 'Ada Admin');

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
    expect((await entriesOf(ctx, product.id)).at(-1)).toMatchObject({
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
    const before = [await countRows(ctx, teamMembers), await countRows(ctx, activities)];
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
    expect([await countRows(ctx, teamMembers), await countRows(ctx, activities)]).toEqual(before);
  });
});
