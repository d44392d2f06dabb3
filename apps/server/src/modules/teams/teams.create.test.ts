import { productMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { UNKNOWN_ID } from '../../testing/http.ts';
import { countRows, entriesOf } from '../../testing/stored.ts';
import { createTeamReq, useTeamTests } from './teams.test-kit.ts';

// Making a team: POST /api/team/{productId}/create-team.
const { ctx, as, member, guest, signedInOnce, rowOf } = useTeamTests();
const admin = signedInOnce('admin', 'Ada Admin');

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

    const entries = await entriesOf(ctx, product.id);
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
    const before = await countRows(ctx, teams);

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
    expect(await countRows(ctx, teams)).toBe(before);
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
    const before = await countRows(ctx, teams);

    const byGuest = await as(visitor, createTeamReq(product.id, { name: 'Guests', teamType: 'qa' }));
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    const byStranger = await as(
      await member(),
      createTeamReq(product.id, { name: 'Strangers', teamType: 'qa' }),
    );
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    const unknown = await as(owner, createTeamReq(UNKNOWN_ID, { name: 'Nowhere', teamType: 'qa' }));
    expect(unknown.statusCode).toBe(404);
    expect(
      (await as(undefined, createTeamReq(product.id, { name: 'Anon', teamType: 'qa' }))).statusCode,
    ).toBe(401);
    expect(await countRows(ctx, teams)).toBe(before);
  });
});
