import { productMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, documents, products, tasks, teamMembers, teams } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { multipartFile } from '../../testing/multipart.ts';
import { countRows, entriesOf } from '../../testing/stored.ts';
import { ids, storedProduct } from './products.test-kit.ts';

// Archiving a product, and what an archived product refuses.
const { ctx, as, member, guest, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('PATCH /api/projects/{id}/archive', () => {
  const archive = (id: string, archived = true): Req => ({
    method: 'PATCH',
    url: `/api/projects/${id}/archive`,
    payload: { archived },
  });
  const listed = async (who: Signed, query = '') =>
    ids((await as(who, { url: `/api/projects?limit=100${query}` })).json());

  it('archives for the creator: hidden from the list unless archived=true, still readable, and unarchives', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Shelved' });
    const res = await as(owner, archive(product.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id, name: 'Shelved' });
    expect(typeof res.json().archived_at).toBe('string');
    expect((await storedProduct(ctx, product.id))?.archivedAt).toBeInstanceOf(Date);
    expect((await entriesOf(ctx, product.id)).at(-1)).toMatchObject({
      actionType: 'product_updated',
      description: 'Archived product "Shelved"',
      metadata: { archived: true },
    });

    expect(await listed(owner)).not.toContain(product.id);
    expect(await listed(owner, '&archived=true')).toContain(product.id);
    expect(await listed(admin)).not.toContain(product.id);
    const detail = await as(owner, { url: `/api/projects/${product.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().archived_at).toBe(res.json().archived_at);

    const back = await as(owner, archive(product.id, false));
    expect(back.statusCode).toBe(200);
    expect(back.json().archived_at).toBeNull();
    expect(await listed(owner)).toContain(product.id);
    expect((await entriesOf(ctx, product.id)).at(-1)?.description).toBe('Unarchived product "Shelved"');
  });

  it('records nothing when archiving what is already archived', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { archivedAt: new Date('2030-01-01') });
    const before = await countRows(ctx, activities);
    const res = await as(owner, archive(product.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().archived_at).toBe('2030-01-01T00:00:00.000Z');
    expect(await countRows(ctx, activities)).toBe(before);
  });

  it('refuses no session (401), a teammate (403), a guest (403), a stranger and an unknown id (404), changing nothing', async () => {
    const owner = await member();
    const teammate = await member();
    const stranger = await member();
    const onlooker = await guest();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, onlooker.user.id);
    const before = await countRows(ctx, activities);

    expect((await as(undefined, archive(product.id))).statusCode).toBe(401);
    const mate = await as(teammate, archive(product.id));
    expect(mate.statusCode).toBe(403);
    expect(mate.json().message).toBe(productMessages.forbidden);
    const byGuest = await as(onlooker, archive(product.id));
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().message).toBe(productMessages.readOnly);
    expect((await as(stranger, archive(product.id))).statusCode).toBe(404);
    expect((await as(owner, archive(UNKNOWN_ID))).statusCode).toBe(404);
    expect((await as(owner, { ...archive(product.id), payload: { archived: 'yes' } })).statusCode).toBe(400);
    expect((await storedProduct(ctx, product.id))?.archivedAt).toBeNull();
    expect(await countRows(ctx, activities)).toBe(before);

    expect((await as(admin, archive(product.id))).statusCode).toBe(200);
  });
});

describe('an archived product is read-only', () => {
  async function archivedProduct() {
    const owner = await member();
    const mate = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Frozen' });
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, owner.user.id, { role: 'manager', isLead: true });
    await addMember(ctx, team.id, mate.user.id);
    const task = await createTask(ctx, product.id, { title: 'Still here' });
    const [doc] = await ctx.db
      .insert(documents)
      .values({
        productId: product.id,
        name: 'a.txt',
        contentType: 'text/plain',
        size: 1,
        storageKey: `k-${product.id}`,
      })
      .returning();
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    return { owner, mate, product, team, task, doc: doc as { id: string } };
  }
  const expectArchived = (res: { statusCode: number; json: () => { message: string; code: string } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: productMessages.archived, code: 'PRODUCT_ARCHIVED' });
  };
  const snapshot = async (productId: string) => ({
    product: await storedProduct(ctx, productId),
    tasks: await ctx.db.select().from(tasks).where(eq(tasks.productId, productId)),
    teams: await ctx.db.select().from(teams).where(eq(teams.productId, productId)),
    members: await ctx.db
      .select({ m: teamMembers })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teams.productId, productId)),
    documents: await ctx.db.select().from(documents).where(eq(documents.productId, productId)),
    activities: await countRows(ctx, activities),
  });

  it('refuses edits and moves of the product itself with 409, for its creator and an admin', async () => {
    const { owner, product } = await archivedProduct();
    const before = await snapshot(product.id);
    expectArchived(
      await as(owner, { method: 'PATCH', url: `/api/projects/${product.id}`, payload: { name: 'New' } }),
    );
    expectArchived(
      await as(admin, { method: 'PATCH', url: `/api/projects/${product.id}`, payload: { name: 'New' } }),
    );
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/projects/${product.id}/status`,
        payload: { status: 'testing' },
      }),
    );
    expect(await snapshot(product.id)).toEqual(before);
  });

  it('refuses writes to its tasks (create, edit, status, delete, move in or out) with 409, changing nothing', async () => {
    const { owner, mate, product, task } = await archivedProduct();
    const open = await createProduct(ctx, owner.user.id, { name: 'Open' });
    const openTask = await createTask(ctx, open.id);
    const before = await snapshot(product.id);
    expectArchived(
      await as(mate, { method: 'POST', url: '/api/tasks', payload: { title: 'New', projectId: product.id } }),
    );
    expectArchived(
      await as(mate, { method: 'PATCH', url: `/api/tasks/${task.id}/update`, payload: { title: 'Changed' } }),
    );
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/tasks/${task.id}/task/update`,
        payload: { status: 'Completed' },
      }),
    );
    expectArchived(await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` }));
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/tasks/${openTask.id}/update`,
        payload: { projectId: product.id },
      }),
    );
    expect(await snapshot(product.id)).toEqual(before);
    // Reading stays possible.
    expect((await as(mate, { url: `/api/tasks/${product.id}/tasks` })).statusCode).toBe(200);
  });

  it('refuses writes to its teams with 409 but lets a member leave, changing nothing else', async () => {
    const { owner, mate, product, team } = await archivedProduct();
    const outsider = await member();
    const before = await snapshot(product.id);
    expectArchived(
      await as(owner, {
        method: 'POST',
        url: `/api/team/${product.id}/create-team`,
        payload: { name: 'More', description: 'x', teamType: 'design' },
      }),
    );
    expectArchived(
      await as(owner, {
        method: 'POST',
        url: `/api/team/${team.id}/${product.id}/invite`,
        payload: { userId: outsider.user.id, role: 'developer' },
      }),
    );
    expectArchived(
      await as(owner, {
        method: 'PATCH',
        url: `/api/team/${team.id}/lead`,
        payload: { memberId: mate.user.id },
      }),
    );
    expectArchived(await as(owner, { method: 'DELETE', url: `/api/team/${team.id}/remove/${mate.user.id}` }));
    expectArchived(await as(admin, { method: 'DELETE', url: `/api/team/${team.id}` }));
    expect(await snapshot(product.id)).toEqual(before);

    expect(
      (await as(mate, { method: 'DELETE', url: `/api/team/${team.id}/remove/${mate.user.id}` })).statusCode,
    ).toBe(200);
  });

  it('refuses uploading and deleting its documents with 409, and still lists them', async () => {
    const { owner, product, doc } = await archivedProduct();
    const before = await snapshot(product.id);
    const body = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('hello'));
    expectArchived(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${product.id}/documents`,
        payload: body.payload,
        headers: { ...owner.headers, ...body.headers },
      }),
    );
    expectArchived(
      await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}/documents/${doc.id}` }),
    );
    expect(await snapshot(product.id)).toEqual(before);
    expect((await as(owner, { url: `/api/projects/${product.id}/documents` })).json().total).toBe(1);
  });

  it('refuses a note posted to its timeline with 409, and still shows the timeline', async () => {
    const { mate, product } = await archivedProduct();
    const before = await snapshot(product.id);
    expectArchived(
      await as(mate, {
        method: 'POST',
        url: '/api/activities',
        payload: { actionType: 'comment_added', description: 'Late note', projectId: product.id },
      }),
    );
    expect(await snapshot(product.id)).toEqual(before);
    expect((await as(mate, { url: `/api/activities/product/${product.id}` })).statusCode).toBe(200);
  });

  it('can still be deleted by its creator', async () => {
    const { owner, product } = await archivedProduct();
    expect((await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}` })).statusCode).toBe(200);
    expect(await storedProduct(ctx, product.id)).toBeUndefined();
  });
});
