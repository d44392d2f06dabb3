import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createUser } from '../../testing/factories.ts';
import { notificationsOf } from '../../testing/stored.ts';
import { accept, invite, removeMember, useTeamTests } from './teams.test-kit.ts';

// Issue 13 #11: invitations are limited per inviter per hour, and an invite/withdraw loop does
// not flood the invited person with notifications.

const inviteTo = (made: { product: { id: string }; team: { id: string } }, userId: string) =>
  invite(made.team.id, made.product.id, { userId, role: 'developer' });

describe('invitations per hour (INVITE_RATE_PER_HOUR=3)', () => {
  const { ctx, as, signedIn, productWithTeam } = useTeamTests({ env: { INVITE_RATE_PER_HOUR: '3' } });

  it('refuses the 4th invitation an account sends in an hour with 429, saying the limit', async () => {
    const lead = await signedIn('member', 'Lee Lead');
    const made = await productWithTeam(lead);
    for (let i = 0; i < 3; i++) {
      const person = await createUser(ctx, { name: `Person ${i}` });
      expect((await as(lead, inviteTo(made, person.id))).statusCode).toBe(201);
    }
    const fourth = await createUser(ctx, { name: 'Person 4' });
    const refused = await as(lead, inviteTo(made, fourth.id));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'INVITE_RATE_LIMITED',
      message: 'You can send at most 3 team invitations per hour. Please try again later.',
    });

    // Another inviter has their own allowance.
    const other = await signedIn('member', 'Olga Other');
    expect((await as(other, inviteTo(await productWithTeam(other), fourth.id))).statusCode).toBe(201);
  });
});

describe('notifications of repeated invitations', () => {
  const { ctx, as, signedIn, productWithTeam } = useTeamTests();

  it('inviting and withdrawing the same person in a loop notifies them once of each, and the invitation still works', async () => {
    const lead = await signedIn('member', 'Lee Lead');
    const victim = await signedIn('member', 'Vic Victim');
    const made = await productWithTeam(lead);
    for (let i = 0; i < 5; i++) {
      expect((await as(lead, inviteTo(made, victim.user.id))).statusCode).toBe(201);
      expect((await as(lead, removeMember(made.team.id, victim.user.id))).statusCode).toBe(200);
    }
    expect((await as(lead, inviteTo(made, victim.user.id))).statusCode).toBe(201);

    const rows = await notificationsOf(ctx, victim.user.id);
    expect(rows.map((n) => n.type).sort()).toEqual(['INVITE', 'REMOVED_FROM_TEAM']);
    const invitation = rows.find((n) => n.type === 'INVITE');
    expect(invitation?.readAt).toBeNull();

    const accepted = await as(victim, accept(made.team.id));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('active');
  });

  it('notifies again once 10 minutes have passed since the last notification of that kind', async () => {
    const lead = await signedIn('member', 'Lee Lead');
    const person = await signedIn('member', 'Pat Person');
    const made = await productWithTeam(lead);
    await as(lead, inviteTo(made, person.user.id));
    await as(lead, removeMember(made.team.id, person.user.id));
    await ctx.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(notifications.userId, person.user.id));

    await as(lead, inviteTo(made, person.user.id));
    await as(lead, removeMember(made.team.id, person.user.id));
    const types = (await notificationsOf(ctx, person.user.id)).map((n) => n.type).sort();
    expect(types).toEqual(['INVITE', 'INVITE', 'REMOVED_FROM_TEAM', 'REMOVED_FROM_TEAM']);
  });
});
