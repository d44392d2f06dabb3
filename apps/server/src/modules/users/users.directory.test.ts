import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam, createUser } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// The people directory: GET /api/team/all-team-members, on this file's own database so that
// the counts, order and pages are exactly these people.
const { ctx, signedIn } = useTestApp();

describe('GET /api/team/all-team-members', () => {
  let boss: Signed;
  let bea: Awaited<ReturnType<typeof createUser>>;
  let many: Awaited<ReturnType<typeof createUser>>;
  const list = (query = '', who: Signed | null = boss) =>
    ctx.app.inject({ method: 'GET', url: `/api/team/all-team-members${query}`, headers: who?.headers ?? {} });
  const names = (res: { json: () => { data: Array<{ name: string }> } }) =>
    res.json().data.map((m) => m.name);
  const profile = (id: string, values: Partial<typeof users.$inferInsert>) =>
    ctx.db.update(users).set(values).where(eq(users.id, id));

  beforeAll(async () => {
    boss = await signedIn('admin', 'Ada Admin');
    bea = await createUser(ctx, { name: 'Bea Builder', email: 'bea@example.com' });
    const cy = await createUser(ctx, { role: 'guest', name: 'cy guest' });
    const dee = await createUser(ctx, { name: 'Dee Dev' });
    many = await createUser(ctx, { name: 'Max Many' });
    await profile(boss.user.id, { department: 'engineering' });
    await profile(bea.id, { department: 'design', position: 'designer', skills: ['figma', 'css'] });
    await profile(cy.id, { department: 'data', disabledAt: new Date() });
    await profile(dee.id, { department: 'engineering', position: 'developer', skills: ['go'] });

    // Bea created Zephyr, is active in two teams of Apollo, invited (not yet in) to Borealis.
    await createProduct(ctx, bea.id, { name: 'Zephyr' });
    const apollo = await createProduct(ctx, boss.user.id, { name: 'Apollo' });
    await addMember(ctx, (await createTeam(ctx, apollo.id)).id, bea.id);
    await addMember(ctx, (await createTeam(ctx, apollo.id, { name: 'Design crew' })).id, bea.id);
    const borealis = await createProduct(ctx, boss.user.id, { name: 'Borealis' });
    await addMember(ctx, (await createTeam(ctx, borealis.id)).id, bea.id, { status: 'invited' });
    // Max created twelve products.
    for (let n = 12; n >= 1; n--) {
      await createProduct(ctx, many.id, { name: `P${String(n).padStart(2, '0')}` });
    }
  });

  it('gives admins every user by name, with department, role, position, products and skills', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 5, page: 1, limit: 50 });
    expect(names(res)).toEqual(['Ada Admin', 'Bea Builder', 'cy guest', 'Dee Dev', 'Max Many']);
    const row = res.json().data[1];
    expect(row).toEqual({
      id: bea.id,
      user: { _id: bea.id, name: 'Bea Builder', email: 'bea@example.com' },
      name: 'Bea Builder',
      email: 'bea@example.com',
      department: 'design',
      role: 'member',
      position: 'designer',
      projects: ['Apollo', 'Zephyr'],
      projectCount: 2,
      skills: ['figma', 'css'],
      avatar: null,
      disabled: false,
    });
    expect(res.json().data[0]).toMatchObject({
      name: 'Ada Admin',
      role: 'admin',
      projects: ['Apollo', 'Borealis'],
    });
    expect(res.json().data[2]).toMatchObject({ role: 'guest', disabled: true, projects: [], skills: [] });
  });

  it('names at most ten products, sorted, and counts them all', async () => {
    const row = (await list('?search=max')).json().data[0];
    expect(row.projects).toEqual(['P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'P10']);
    expect(row.projectCount).toBe(12);
  });

  it('searches name, e-mail, role and job title ignoring case, wildcards literally', async () => {
    expect(names(await list('?search=BEA'))).toEqual(['Bea Builder']);
    expect(names(await list('?search=guest'))).toEqual(['cy guest']);
    expect(names(await list('?search=Admin'))).toEqual(['Ada Admin']);
    expect(names(await list('?search=bea%40example'))).toEqual(['Bea Builder']);
    expect(names(await list('?search=DEVELOPER'))).toEqual(['Dee Dev']);
    const none = await list('?search=%25');
    expect(none.json()).toMatchObject({ data: [], total: 0 });
  });

  it("filters by one department, 'all' (any casing) by none", async () => {
    expect(names(await list('?department=engineering'))).toEqual(['Ada Admin', 'Dee Dev']);
    expect(names(await list('?department=Design&search=b'))).toEqual(['Bea Builder']);
    expect((await list('?department=All')).json().total).toBe(5);
    expect((await list('?department=sales')).json()).toMatchObject({ data: [], total: 0 });
    const bad = await list('?department=moon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select a department.');
  });

  it('pages by name, with the total of every match on each page', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`?limit=2&page=${page}`)));
    expect(pages.map(names)).toEqual([['Ada Admin', 'Bea Builder'], ['cy guest', 'Dee Dev'], ['Max Many']]);
    for (const page of pages) expect(page.json()).toMatchObject({ total: 5, limit: 2 });
    expect((await list('?limit=2&page=9')).json()).toMatchObject({ data: [], total: 5, page: 9 });
    expect((await list('?limit=500')).statusCode).toBe(400);
  });

  it('is described in the OpenAPI document with its query', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    const names = doc.paths['/api/team/all-team-members'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['search', 'department', 'page', 'limit']));
  });

  it('refuses members and guests (403) and callers without a session (401)', async () => {
    const member = await signedIn('member');
    const guest = await signedIn('guest');
    expect((await list('', member)).statusCode).toBe(403);
    expect((await list('', guest)).statusCode).toBe(403);
    expect((await list('', null)).statusCode).toBe(401);
  });
});
