import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createProduct,
  createTask,
  createTeam,
  createUser,
  signIn,
} from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/dashboard/summary', () => {
  const { ctx, signedIn } = useTestApp();
  let alice: Signed;
  let gus: Signed;
  let admin: Signed;
  let bob: Signed;

  // Alice's three products and Bob's two; Gus (a guest) belongs to a team of Alice's first.
  beforeAll(async () => {
    const ago = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY);
    alice = await signedIn('member', 'Alice');
    gus = await signedIn('guest', 'Gus');
    admin = await signedIn('admin');
    bob = await signedIn('member', 'Bob');
    const [carol, dave, erin, frank, zed] = await Promise.all(
      ['Carol', 'Dave', 'Erin', 'Frank', 'Zed'].map((name) => createUser(ctx, { name })),
    );
    if (!carol || !dave || !erin || !frank || !zed) throw new Error('users missing');

    const a1 = await createProduct(ctx, alice.user.id, { status: 'development', createdAt: ago(2) });
    const a2 = await createProduct(ctx, alice.user.id, { status: 'testing', createdAt: ago(40) });
    const a3 = await createProduct(ctx, alice.user.id, { status: 'maintenance', createdAt: ago(60) });
    const b1 = await createProduct(ctx, bob.user.id, { status: 'testing', createdAt: ago(1) });
    const b2 = await createProduct(ctx, bob.user.id, { status: 'planning', createdAt: ago(100) });

    const ta1 = await createTeam(ctx, a1.id);
    await addMember(ctx, ta1.id, carol.id, { isLead: true });
    await addMember(ctx, ta1.id, dave.id);
    await addMember(ctx, ta1.id, gus.user.id);
    await addMember(ctx, ta1.id, erin.id, { status: 'invited' });
    const ta2 = await createTeam(ctx, a2.id);
    await addMember(ctx, ta2.id, carol.id);
    await addMember(ctx, ta2.id, frank.id, { status: 'suspended' });
    // A team without an active member spreads nobody: it is not counted.
    const ta3 = await createTeam(ctx, a3.id);
    await addMember(ctx, ta3.id, erin.id, { status: 'pending' });
    const tb1 = await createTeam(ctx, b1.id);
    await addMember(ctx, tb1.id, bob.user.id);
    await addMember(ctx, tb1.id, zed.id);
    // Alice is only invited to Bob's other product: she does not see it yet.
    const tb2 = await createTeam(ctx, b2.id);
    await addMember(ctx, tb2.id, alice.user.id, { status: 'invited' });

    for (const days of [1, 3, 8])
      await createTask(ctx, a1.id, { status: 'Completed', completedAt: ago(days) });
    await createTask(ctx, a1.id, { status: 'Pending' });
    await createTask(ctx, a1.id, { status: 'In Progress' });
    await createTask(ctx, a2.id, { status: 'Completed', completedAt: ago(20) });
    await createTask(ctx, a3.id, { status: 'Completed', completedAt: ago(10) });
    for (let i = 0; i < 5; i++) await createTask(ctx, b1.id, { status: 'Completed', completedAt: ago(1) });
  });

  const summary = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ url: '/api/dashboard/summary', headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('counts only the member’s own products: another user’s product is in no figure', async () => {
    expect(await summary(alice.headers)).toEqual({
      activeProjects: 2,
      activeProjectsNew: 1,
      teamMembers: 3,
      teams: 2,
      completedTasks: 5,
      completedThisWeek: 2,
      completedLastWeek: 2,
      pendingReviews: 1,
    });
    expect((await summary(bob.headers)).activeProjects).toBe(2);
  });

  it('counts a guest’s figures over the products of their teams', async () => {
    expect(await summary(gus.headers)).toEqual({
      activeProjects: 1,
      activeProjectsNew: 1,
      teamMembers: 3,
      teams: 1,
      completedTasks: 3,
      completedThisWeek: 2,
      completedLastWeek: 1,
      pendingReviews: 0,
    });
  });

  it('counts every product for an admin', async () => {
    expect(await summary(admin.headers)).toEqual({
      activeProjects: 4,
      activeProjectsNew: 2,
      teamMembers: 5,
      teams: 3,
      completedTasks: 10,
      completedThisWeek: 7,
      completedLastWeek: 2,
      pendingReviews: 2,
    });
  });

  it('answers zeros to a user who sees no product', async () => {
    const loner = await signedIn('member');
    expect(Object.values(await summary(loner.headers))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('compares this week with the last one by the clock, and ages products out of “new”', async () => {
    // Sessions follow the same clock: sign in again after each move.
    const later = async (days: number) => {
      ctx.clock.advance(days * DAY);
      return summary((await signIn(ctx, alice.user)).headers);
    };
    try {
      expect(await later(7)).toMatchObject({
        completedTasks: 5,
        completedThisWeek: 0,
        completedLastWeek: 2,
        activeProjectsNew: 1,
      });
      expect(await later(30)).toMatchObject({
        completedTasks: 5,
        completedThisWeek: 0,
        completedLastWeek: 0,
        activeProjectsNew: 0,
      });
    } finally {
      ctx.clock.advance(-37 * DAY);
    }
    expect(await summary(alice.headers)).toMatchObject({ completedThisWeek: 2, completedLastWeek: 2 });
  });

  it('refuses a caller without a session', async () => {
    expect((await ctx.app.inject('/api/dashboard/summary')).statusCode).toBe(401);
    expect((await ctx.app.inject('/api/dashboard/team-overview')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/team-overview', () => {
  const { ctx, signedIn } = useTestApp();

  it('lists the teams of visible products newest first, with lead, active count and five members', async () => {
    const alice = await signedIn('member', 'Alice');
    const bob = await signedIn('member', 'Bob');
    const admin = await signedIn('admin');
    const product = await createProduct(ctx, alice.user.id);
    const bobs = await createProduct(ctx, bob.user.id);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));

    const core = await createTeam(ctx, product.id, { name: 'Core', createdAt: at(0) });
    const people = await Promise.all(
      ['Dana', 'Eli', 'Fay', 'Gil', 'Hal', 'Ivy'].map((name) => createUser(ctx, { name })),
    );
    // Joined in name order; the lead (Zoe) joined last but comes first in the sample.
    for (const [i, person] of people.entries()) await addMember(ctx, core.id, person.id, { joinedAt: at(i) });
    const zoe = await createUser(ctx, { name: 'Zoe' });
    await addMember(ctx, core.id, zoe.id, { isLead: true, joinedAt: at(30) });
    await addMember(ctx, core.id, (await createUser(ctx, { name: 'Invited' })).id, { status: 'invited' });
    await addMember(ctx, core.id, (await createUser(ctx, { name: 'Away' })).id, { status: 'suspended' });

    const design = await createTeam(ctx, product.id, {
      name: 'Design',
      teamType: 'design',
      createdAt: at(5),
    });
    await addMember(ctx, design.id, alice.user.id, { role: 'designer' });
    const empty = await createTeam(ctx, product.id, { name: 'Empty', createdAt: at(10) });
    const other = await createTeam(ctx, bobs.id, { name: 'Bob’s team', createdAt: at(20) });

    const res = await ctx.app.inject({ url: '/api/dashboard/team-overview', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const teams = res.json();
    expect(teams.map((t: { id: string }) => t.id)).toEqual([empty.id, design.id, core.id]);
    expect(teams[0]).toEqual({
      id: empty.id,
      name: 'Empty',
      productId: product.id,
      lead: null,
      members: 0,
      sample: [],
    });
    expect(teams[1]).toEqual({
      id: design.id,
      name: 'Design',
      productId: product.id,
      lead: null,
      members: 1,
      sample: [{ _id: alice.user.id, name: 'Alice', avatar_url: null }],
    });
    expect(teams[2]).toMatchObject({ name: 'Core', lead: 'Zoe', members: 7 });
    expect(teams[2].sample).toEqual(
      [zoe, ...people.slice(0, 4)].map((u) => ({ _id: u.id, name: u.name, avatar_url: null })),
    );

    const all = await ctx.app.inject({ url: '/api/dashboard/team-overview', headers: admin.headers });
    expect(all.json().map((t: { id: string }) => t.id)).toEqual([other.id, empty.id, design.id, core.id]);
    const bobsView = await ctx.app.inject({ url: '/api/dashboard/team-overview', headers: bob.headers });
    expect(bobsView.json().map((t: { id: string }) => t.id)).toEqual([other.id]);
  });

  it('answers at most 50 teams, the newest', async () => {
    const admin = await signedIn('admin');
    const product = await createProduct(ctx, admin.user.id);
    const start = Date.UTC(2027, 0, 1);
    for (let i = 0; i < 55; i++) {
      await createTeam(ctx, product.id, { name: `Team ${i}`, createdAt: new Date(start + i * 60_000) });
    }
    const res = await ctx.app.inject({ url: '/api/dashboard/team-overview', headers: admin.headers });
    const names = res.json().map((t: { name: string }) => t.name);
    expect(names).toHaveLength(50);
    expect(names[0]).toBe('Team 54');
    expect(names[49]).toBe('Team 5');
  });
});
