import { describe, expect, it } from 'vitest';
import { activities, products } from './db/schema/index.ts';
import { CSV_BOM, EXPORTS_PER_MINUTE } from './lib/csv.ts';
import { addMember, createProduct, createTask, createTeam } from './testing/factories.ts';
import { useTestApp } from './testing/http.ts';

// The CSV exports of the lists (issue 20): the rows the list shows, with its filters and its
// visibility, all pages, streamed as UTF-8 CSV with a BOM.

const { ctx, as, signedIn, member } = useTestApp();

/** The records of a CSV body (no quoted line breaks in these fixtures), header first. */
function records(body: string) {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  return body.slice(1).split('\r\n').slice(0, -1);
}
const column = (body: string, name: string) => {
  const [header = '', ...rows] = records(body);
  const at = header.split(',').indexOf(name);
  return rows.map((r) => r.split(',')[at]);
};

describe('list exports', () => {
  it('answer 401 without a session', async () => {
    for (const url of [
      '/api/projects/export.csv',
      '/api/tasks/export.csv',
      '/api/tasks/7c9e6679-7425-40de-944b-e07fc1f90ae7/tasks.csv',
      '/api/activities/export.csv',
      '/api/team/7c9e6679-7425-40de-944b-e07fc1f90ae7/members.csv',
      '/api/team/all-team-members.csv',
    ]) {
      expect((await as(undefined, { url })).statusCode, url).toBe(401);
    }
  });

  it('products: every page of what the member sees, with the filters, as attachment with a count', async () => {
    const mia = await member('Mia Products');
    const other = await member('Oscar Other');
    const hidden = await createProduct(ctx, other.user.id, { name: 'Hidden product' });
    const viaTeam = await createProduct(ctx, other.user.id, { name: 'Shared via team', status: 'testing' });
    await addMember(ctx, (await createTeam(ctx, viaTeam.id)).id, mia.user.id);
    // 520 of her own: more than one page of the export (500).
    await ctx.db.insert(products).values(
      Array.from({ length: 520 }, (_, i) => ({
        name: i === 0 ? '=HYPERLINK("x")' : `Mine ${i}`,
        description: 'Bulk, "quoted"',
        teamSize: 1,
        startDate: '2026-01-01',
        targetEndDate: '2026-12-31',
        createdBy: mia.user.id,
        status: 'planning' as const,
      })),
    );

    const res = await as(mia, { url: '/api/projects/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="shipyard-products-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers['x-total-count']).toBe('521');
    const names = column(res.body, 'name');
    expect(names).toHaveLength(521);
    expect(new Set(column(res.body, 'id')).size).toBe(521);
    expect(names).toContain('Shared via team');
    expect(res.body).not.toContain('Hidden product');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain('"Bulk, ""quoted"""');

    const testing = await as(mia, { url: '/api/projects/export.csv?status=testing&page=3&limit=1' });
    expect(column(testing.body, 'name')).toEqual(['Shared via team']);
    expect(testing.headers['x-total-count']).toBe('1');

    const admin = await signedIn('admin', 'Ada Exporter');
    const all = await as(admin, { url: '/api/projects/export.csv?search=Hidden' });
    expect(column(all.body, 'id')).toEqual([hidden.id]);
  });

  it('tasks: the cross-product list and a product tab keep to what the member sees', async () => {
    const tom = await member('Tom Tasks');
    const other = await member('Olga Other');
    const mine = await createProduct(ctx, tom.user.id, { name: 'Tom product' });
    const theirs = await createProduct(ctx, other.user.id, { name: 'Olga product' });
    await createTask(ctx, mine.id, { title: 'Visible pending' });
    await createTask(ctx, mine.id, { title: 'Visible done', status: 'Completed' });
    await createTask(ctx, theirs.id, { title: 'Secret task' });

    const all = await as(tom, { url: '/api/tasks/export.csv' });
    expect(all.statusCode).toBe(200);
    expect(column(all.body, 'title').sort()).toEqual(['Visible done', 'Visible pending']);
    expect(all.body).not.toContain('Secret task');
    expect(all.headers['x-total-count']).toBe('2');

    const done = await as(tom, { url: '/api/tasks/export.csv?status=Completed' });
    expect(column(done.body, 'title')).toEqual(['Visible done']);

    const tab = await as(tom, { url: `/api/tasks/${mine.id}/tasks.csv?search=pending` });
    expect(column(tab.body, 'title')).toEqual(['Visible pending']);
    expect(tab.headers['content-disposition']).toContain('shipyard-product-tasks-');

    expect((await as(tom, { url: `/api/tasks/${theirs.id}/tasks.csv` })).statusCode).toBe(404);
    // The product filter of the cross-product list cannot reach a hidden product either.
    const filtered = await as(tom, { url: `/api/tasks/export.csv?productId=${theirs.id}` });
    expect(column(filtered.body, 'title')).toEqual([]);
  });

  it('activity: only entries of products the member sees, with the filters', async () => {
    const ann = await member('Ann Activity');
    const other = await member('Otto Other');
    const mine = await createProduct(ctx, ann.user.id, { name: 'Ann product' });
    const theirs = await createProduct(ctx, other.user.id, { name: 'Otto product' });
    await ctx.db.insert(activities).values([
      {
        actionType: 'prd_created',
        description: 'Ann made a thing',
        productId: mine.id,
        performedBy: ann.user.id,
      },
      {
        actionType: 'task_created',
        description: 'Ann added a task',
        productId: mine.id,
        performedBy: ann.user.id,
      },
      {
        actionType: 'prd_created',
        description: 'Otto secret',
        productId: theirs.id,
        performedBy: other.user.id,
      },
    ]);
    const res = await as(ann, { url: '/api/activities/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(column(res.body, 'description').sort()).toEqual(['Ann added a task', 'Ann made a thing']);
    expect(res.body).not.toContain('Otto secret');
    const filtered = await as(ann, { url: '/api/activities/export.csv?action=task_created' });
    expect(column(filtered.body, 'description')).toEqual(['Ann added a task']);
  });

  it('team members: the team page rows for whoever sees the team, 404 otherwise', async () => {
    const lead = await member('Lea Lead');
    const outsider = await member('Ole Outsider');
    const product = await createProduct(ctx, lead.user.id, { name: 'Team product' });
    const team = await createTeam(ctx, product.id, { name: 'Core crew' });
    await addMember(ctx, team.id, lead.user.id, { role: 'manager', isLead: true });
    const res = await as(lead, { url: `/api/team/${team.id}/members.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('shipyard-core-crew-members-');
    expect(column(res.body, 'name')).toEqual(['Lea Lead']);
    expect((await as(outsider, { url: `/api/team/${team.id}/members.csv` })).statusCode).toBe(404);
  });

  it('user management: admins only, with the search, every page', async () => {
    const admin = await signedIn('admin', 'Adam Directory');
    const res = await as(admin, { url: '/api/team/all-team-members.csv?search=directory' });
    expect(res.statusCode).toBe(200);
    expect(column(res.body, 'name')).toEqual(['Adam Directory']);
    const everyone = await as(admin, { url: '/api/team/all-team-members.csv' });
    expect(column(everyone.body, 'name').length).toBe(Number(everyone.headers['x-total-count']));
    expect((await as(await member(), { url: '/api/team/all-team-members.csv' })).statusCode).toBe(403);
    // Everyone's e-mail address left: the export is in the audit log.
    const audited = await as(admin, { url: `/api/admin/audit-log?action=export&actor_id=${admin.user.id}` });
    expect(audited.json().data[0]).toMatchObject({ target_type: 'users', target: 'User Management' });
  });

  it(`refuses more than ${EXPORTS_PER_MINUTE} exports a minute per account`, async () => {
    const busy = await member('Bea Busy');
    for (let i = 0; i < EXPORTS_PER_MINUTE; i++) {
      expect((await as(busy, { url: '/api/activities/export.csv' })).statusCode).toBe(200);
    }
    const refused = await as(busy, { url: '/api/activities/export.csv' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account is counted apart.
    expect((await as(await member('Cal Calm'), { url: '/api/activities/export.csv' })).statusCode).toBe(200);
  });
});
