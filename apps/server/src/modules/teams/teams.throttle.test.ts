import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createProduct, createSignedInUser, createUser } from '../../testing/factories.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// Issue 13 #11: invitations are limited per inviter per hour, and an invite/withdraw loop does
// not flood the invited person with notifications.

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

async function teamLedBy(ctx: TestContext, lead: Signed) {
  const product = await createProduct(ctx, lead.user.id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/team/${product.id}/create-team`,
    payload: { name: 'Core team', description: 'Builds it', teamType: 'development' },
    headers: lead.headers,
  });
  expect(res.statusCode).toBe(201);
  return { productId: product.id, teamId: res.json().id as string };
}

const inviteReq = (
  ctx: TestContext,
  who: Signed,
  team: { teamId: string; productId: string },
  userId: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/team/${team.teamId}/${team.productId}/invite`,
    payload: { userId, role: 'developer' },
    headers: who.headers,
  });
const withdraw = (ctx: TestContext, who: Signed, teamId: string, userId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/team/${teamId}/remove/${userId}`, headers: who.headers });

describe('invitations per hour (INVITE_RATE_PER_HOUR=3)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { INVITE_RATE_PER_HOUR: '3' } });
  });
  afterAll(() => ctx.close());

  it('refuses the 4th invitation an account sends in an hour with 429, saying the limit', async () => {
    const lead = await createSignedInUser(ctx, { name: 'Lee Lead' });
    const team = await teamLedBy(ctx, lead);
    for (let i = 0; i < 3; i++) {
      const person = await createUser(ctx, { name: `Person ${i}` });
      expect((await inviteReq(ctx, lead, team, person.id)).statusCode).toBe(201);
    }
    const fourth = await createUser(ctx, { name: 'Person 4' });
    const refused = await inviteReq(ctx, lead, team, fourth.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'INVITE_RATE_LIMITED',
      message: 'You can send at most 3 team invitations per hour. Please try again later.',
    });

    // Another inviter has their own allowance.
    const other = await createSignedInUser(ctx, { name: 'Olga Other' });
    expect((await inviteReq(ctx, other, await teamLedBy(ctx, other), fourth.id)).statusCode).toBe(201);
  });
});

describe('notifications of repeated invitations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const notificationsOf = (userId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));

  it('inviting and withdrawing the same person in a loop notifies them once of each, and the invitation still works', async () => {
    const lead = await createSignedInUser(ctx, { name: 'Lee Lead' });
    const victim = await createSignedInUser(ctx, { name: 'Vic Victim' });
    const team = await teamLedBy(ctx, lead);
    for (let i = 0; i < 5; i++) {
      expect((await inviteReq(ctx, lead, team, victim.user.id)).statusCode).toBe(201);
      expect((await withdraw(ctx, lead, team.teamId, victim.user.id)).statusCode).toBe(200);
    }
    expect((await inviteReq(ctx, lead, team, victim.user.id)).statusCode).toBe(201);

    const rows = await notificationsOf(victim.user.id);
    expect(rows.map((n) => n.type).sort()).toEqual(['INVITE', 'REMOVED_FROM_TEAM']);
    const invite = rows.find((n) => n.type === 'INVITE');
    expect(invite?.readAt).toBeNull();

    const accepted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/team/${team.teamId}/accept`,
      headers: victim.headers,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('active');
  });

  it('notifies again once 10 minutes have passed since the last notification of that kind', async () => {
    const lead = await createSignedInUser(ctx, { name: 'Lee Lead' });
    const person = await createSignedInUser(ctx, { name: 'Pat Person' });
    const team = await teamLedBy(ctx, lead);
    await inviteReq(ctx, lead, team, person.user.id);
    await withdraw(ctx, lead, team.teamId, person.user.id);
    await ctx.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(notifications.userId, person.user.id));

    await inviteReq(ctx, lead, team, person.user.id);
    await withdraw(ctx, lead, team.teamId, person.user.id);
    const types = (await notificationsOf(person.user.id)).map((n) => n.type).sort();
    expect(types).toEqual(['INVITE', 'INVITE', 'REMOVED_FROM_TEAM', 'REMOVED_FROM_TEAM']);
  });
});
