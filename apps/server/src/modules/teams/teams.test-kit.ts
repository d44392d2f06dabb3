import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { teamMembers } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

// The team route tests' prelude: the requests they send, a team made through the API and a member
// who joined it by invitation.

export const createTeamReq = (productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/team/${productId}/create-team`,
  payload,
});
export const invite = (teamId: string, productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/team/${teamId}/${productId}/invite`,
  payload,
});
export const accept = (teamId: string): Req => ({ method: 'PATCH', url: `/api/team/${teamId}/accept` });
export const setLead = (teamId: string, memberId: string): Req => ({
  method: 'PATCH',
  url: `/api/team/${teamId}/lead`,
  payload: { memberId },
});
export const removeMember = (teamId: string, userId: string): Req => ({
  method: 'DELETE',
  url: `/api/team/${teamId}/remove/${userId}`,
});

export function useTeamTests(overrides?: Parameters<typeof useTestApp>[0]) {
  const prelude = useTestApp(overrides);
  const { ctx, as } = prelude;

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
  /** The stored membership row of a user in a team. */
  const rowOf = async (teamId: string, userId: string) =>
    (
      await ctx.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    )[0];

  return { ...prelude, productWithTeam, join, rowOf };
}
