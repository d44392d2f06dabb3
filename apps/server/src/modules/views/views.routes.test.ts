import { taskQueryMessages, VIEW_NAME_MAX, VIEW_QUERY_MAX, viewMessages } from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedViews, teamMembers } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { addMember, apiTokenHeaders, createProduct, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import {
  createView,
  deleteView,
  editView,
  getView,
  listViews,
  pinView,
  savedView,
  unpinView,
  viewNames,
} from './views.test-kit.ts';

const { ctx, as, member, publishedBy } = useTestApp();
const { alice, mia, gus, bob, admin, productId, teamId } = useProductCast(ctx);

describe('saved views', () => {
  it('are saved with their query and display, and read back by their owner with a count', async () => {
    const who = await member('Val Viewer');
    const product = await createProduct(ctx, who.user.id, { name: 'Vega' });
    await createTask(ctx, product.id, { title: 'Open one', status: 'Pending' });
    await createTask(ctx, product.id, { title: 'Done one', status: 'Completed' });
    const view = await savedView(as, who, {
      name: '  Open work ',
      query: `?status=Pending&productId=${product.id}&view=board`,
      display: { density: 'compact', properties: ['key', 'due'], preview: true },
    });
    expect(view).toMatchObject({
      name: 'Open work',
      query: `status=Pending&productId=${product.id}&view=board`,
      display: { density: 'compact', properties: ['key', 'due'], preview: true },
      scope: 'personal',
      product: null,
      owner: { id: who.user.id, name: 'Val Viewer' },
      pinned: false,
      canEdit: true,
      count: 1,
    });
    const read = await as(who, getView(view.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: view.id, count: 1 });
    expect(await viewNames(as, who)).toEqual(['Open work']);
  });

  it('refuse a signed-out caller (401) and hide a personal view from everyone else (404)', async () => {
    const view = await savedView(as, mia, { name: 'Mine only' });
    for (const req of [listViews, getView(view.id), createView({ name: 'x' }), pinView(view.id)]) {
      expect((await as(undefined, req)).statusCode).toBe(401);
    }
    for (const who of [alice, bob, admin]) {
      for (const req of [
        getView(view.id),
        editView(view.id, { name: 'x' }),
        deleteView(view.id),
        pinView(view.id),
      ]) {
        const res = await as(who, req);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(viewMessages.notFound);
      }
      expect(await viewNames(as, who)).not.toContain('Mine only');
    }
    expect((await as(mia, getView(UNKNOWN_ID))).statusCode).toBe(404);
    const malformed = await as(mia, getView('not-a-uuid'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(viewMessages.notFound);
    const [row] = await ctx.db.select().from(savedViews).where(eq(savedViews.id, view.id));
    expect(row?.name).toBe('Mine only');
  });

  it('refuse bad input with a clear 400 and store nothing', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, viewMessages.nameRequired],
      [{ name: 'x'.repeat(VIEW_NAME_MAX + 1) }, viewMessages.nameTooLong],
      [{ name: 'two\nlines' }, 'Must be a single line of text without control characters'],
      [{ name: 'Q', query: `search=${'a'.repeat(VIEW_QUERY_MAX)}` }, viewMessages.queryTooLong],
      [{ name: 'Q', query: 'sort=sideways' }, taskQueryMessages.sort],
      [{ name: 'Q', query: 'assignee=someone' }, taskQueryMessages.assignee],
      [{ name: 'Q', scope: 'everyone' }, viewMessages.scope],
      [{ name: 'Q', scope: 'shared' }, viewMessages.productRequired],
      [{ name: 'Q', scope: 'personal', productId: productId() }, viewMessages.productNotShared],
      [{ name: 'Q', display: { density: 'tiny' } }, ''],
    ];
    const before = await ctx.db.select().from(savedViews).where(eq(savedViews.ownerId, mia.user.id));
    for (const [payload, message] of cases) {
      const res = await as(mia, createView(payload));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    const view = await savedView(as, mia, { name: 'Valid' });
    const res = await as(mia, editView(view.id, { query: 'due=someday' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(taskQueryMessages.due);
    expect((await as(mia, editView(view.id, {}))).statusCode).toBe(400);
    const after = await ctx.db.select().from(savedViews).where(eq(savedViews.ownerId, mia.user.id));
    expect(after.length).toBe(before.length + 1);
  });

  it('shared with a product are seen by those who see it, through its teams, and by admins', async () => {
    const view = await savedView(as, mia, { name: 'Team board', scope: 'shared', productId: productId() });
    expect(view).toMatchObject({ scope: 'shared', canEdit: true });
    for (const who of [alice, gus, admin]) {
      const res = await as(who, getView(view.id));
      expect(res.statusCode).toBe(200);
      expect(await viewNames(as, who)).toContain('Team board');
    }
    expect((await as(bob, getView(view.id))).statusCode).toBe(404);
    expect(await viewNames(as, bob)).not.toContain('Team board');
  });

  it('are shared only by members and admins, with a product they see', async () => {
    const guestTry = await as(gus, createView({ name: 'G', scope: 'shared', productId: productId() }));
    expect(guestTry.statusCode).toBe(403);
    expect(guestTry.json().message).toBe(viewMessages.guestShared);
    expect((await as(gus, createView({ name: 'Guest own' }))).statusCode).toBe(201);
    expect(
      (await as(bob, createView({ name: 'B', scope: 'shared', productId: productId() }))).statusCode,
    ).toBe(404);
    expect(
      (await as(admin, createView({ name: 'A', scope: 'shared', productId: productId() }))).statusCode,
    ).toBe(201);
  });

  it('are changed and deleted by their owner or whoever manages the product of a shared one', async () => {
    const shared = await savedView(as, mia, { name: 'Shared', scope: 'shared', productId: productId() });
    // Gus (guest) sees it but may not change it; Alice manages the product, Ada is an admin.
    for (const req of [editView(shared.id, { name: 'No' }), deleteView(shared.id)]) {
      const res = await as(gus, req);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(viewMessages.editForbidden);
    }
    expect((await as(gus, getView(shared.id))).json().canEdit).toBe(false);
    expect((await as(alice, getView(shared.id))).json().canEdit).toBe(true);
    const renamed = await as(
      alice,
      editView(shared.id, { name: 'Renamed by Alice', query: 'status=Pending' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed by Alice', query: 'status=Pending' });
    // Only the owner changes whom it is shared with.
    const unshare = await as(alice, editView(shared.id, { scope: 'personal' }));
    expect(unshare.statusCode).toBe(403);
    expect(unshare.json().message).toBe(viewMessages.scopeForbidden);
    const mine = await as(mia, editView(shared.id, { scope: 'personal' }));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ scope: 'personal', product: null });
    expect((await as(alice, getView(shared.id))).statusCode).toBe(404);

    const other = await savedView(as, mia, { name: 'Delete me', scope: 'shared', productId: productId() });
    expect((await as(admin, deleteView(other.id))).statusCode).toBe(204);
    expect((await as(mia, getView(other.id))).statusCode).toBe(404);
  });

  it('publish a shared view’s change to its product and a personal one’s to its owner', async () => {
    let id = '';
    const created = await publishedBy(async () => {
      id = (await savedView(as, mia, { name: 'Live', scope: 'shared', productId: productId() })).id;
    });
    expect(created).toContainEqual(
      expect.objectContaining({ kind: 'view', op: 'created', id, productId: productId() }),
    );
    const moved = await publishedBy(() => as(mia, editView(id, { scope: 'personal' })));
    expect(moved).toContainEqual(
      expect.objectContaining({ kind: 'view', op: 'deleted', id, productId: productId() }),
    );
    expect(moved).toContainEqual(
      expect.objectContaining({ kind: 'view', op: 'created', id, productId: null, userIds: [mia.user.id] }),
    );
    const pinned = await publishedBy(() => as(mia, pinView(id)));
    expect(pinned).toEqual([
      expect.objectContaining({ kind: 'view', id, productId: null, userIds: [mia.user.id] }),
    ]);
    const refused = await publishedBy(() => as(gus, deleteView(id)));
    expect(refused).toEqual([]);
  });

  it('count the tasks that match for each viewer', async () => {
    const other = await createProduct(ctx, alice.user.id, { name: 'Hidden from Mia' });
    await createTask(ctx, productId(), { title: 'Seen by the team', status: 'In Progress' });
    await createTask(ctx, other.id, { title: 'Alice only', status: 'In Progress' });
    const view = await savedView(as, alice, {
      name: 'In progress',
      query: 'status=In+Progress',
      scope: 'shared',
      productId: productId(),
    });
    const aliceCount = (await as(alice, getView(view.id))).json().count;
    const miaCount = (await as(mia, getView(view.id))).json().count;
    // Alice sees both products' tasks in progress; Mia only the product her team works on.
    expect(aliceCount).toBe(miaCount + 1);
    const listed = (await as(mia, listViews)).json().data.find((v: { id: string }) => v.id === view.id);
    expect(listed.count).toBe(miaCount);
  });

  it('count a query in the /tasks page’s own names (product, status as in its links)', async () => {
    const product = await createProduct(ctx, alice.user.id, { name: 'Linked' });
    await createTask(ctx, product.id, { title: 'Moving', status: 'In Progress' });
    await createTask(ctx, product.id, { title: 'Waiting', status: 'Pending' });
    const view = await savedView(as, alice, {
      name: 'From a link',
      query: `product=${product.id}&status=in-progress`,
    });
    expect(view.count).toBe(1);
  });

  it('read a stored display or query a later release no longer accepts as the defaults, counting nothing', async () => {
    const [row] = await ctx.db
      .insert(savedViews)
      .values({
        ownerId: mia.user.id,
        name: 'From the past',
        query: 'sort=sideways',
        display: { density: 'tiny' } as never,
      })
      .returning();
    const res = await as(mia, getView(row?.id ?? ''));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ display: { density: 'comfortable', preview: false }, count: 0 });
  });

  it('are lost, with their pins, by a member who loses the product', async () => {
    const leaver = await member('Lee Leaver');
    await addMember(ctx, teamId(), leaver.user.id);
    const view = await savedView(as, alice, {
      name: 'For the team',
      scope: 'shared',
      productId: productId(),
    });
    expect((await as(leaver, pinView(view.id))).json().pinned).toBe(true);
    await ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId()), eq(teamMembers.userId, leaver.user.id)));
    expect((await as(leaver, getView(view.id))).statusCode).toBe(404);
    expect(await viewNames(as, leaver)).not.toContain('For the team');
  });

  it('follow their product into the trash and back, and go when it is purged', async () => {
    const product = await createProduct(ctx, alice.user.id, { name: 'Short lived' });
    const view = await savedView(as, alice, { name: 'Doomed', scope: 'shared', productId: product.id });
    const res = await as(alice, { method: 'DELETE', url: `/api/projects/${product.id}` });
    expect(res.statusCode).toBeLessThan(300);
    // In the trash: nobody sees the product's shared views.
    expect(await viewNames(as, alice)).not.toContain('Doomed');
    expect((await as(alice, getView(view.id))).statusCode).toBe(404);
    // Restored, they are back as they were.
    const restored = await as(alice, { method: 'POST', url: `/api/trash/product/${product.id}/restore` });
    expect(restored.statusCode, restored.body).toBeLessThan(300);
    expect((await as(alice, getView(view.id))).json().name).toBe('Doomed');
    // Deleted again and purged, they are gone with it.
    await as(alice, { method: 'DELETE', url: `/api/projects/${product.id}` });
    expect(
      (await as(alice, { method: 'DELETE', url: `/api/trash/product/${product.id}` })).statusCode,
    ).toBeLessThan(300);
    expect(await ctx.db.select().from(savedViews).where(eq(savedViews.id, view.id))).toEqual([]);
  });

  it('are pinned and unpinned by whoever sees them, pinned ones listed first', async () => {
    const who = await member('Pia Pinner');
    const a = await savedView(as, who, { name: 'A first' });
    const b = await savedView(as, who, { name: 'B second' });
    expect(await viewNames(as, who)).toEqual(['A first', 'B second']);
    const pinned = await as(who, pinView(b.id));
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().pinned).toBe(true);
    expect((await as(who, pinView(b.id))).statusCode).toBe(200);
    expect(await viewNames(as, who)).toEqual(['B second', 'A first']);
    expect((await as(who, unpinView(b.id))).json().pinned).toBe(false);
    expect(await viewNames(as, who)).toEqual(['A first', 'B second']);
    // Gus pins a shared view he sees but cannot change.
    const shared = await savedView(as, alice, { name: 'Pin me', scope: 'shared', productId: productId() });
    expect((await as(gus, pinView(shared.id))).json()).toMatchObject({ pinned: true, canEdit: false });
    expect((await as(alice, getView(shared.id))).json().pinned).toBe(false);
    void a;
  });

  it('are read with any token and written only with a write token', async () => {
    const view = await savedView(as, mia, { name: 'Token view' });
    const read = await apiTokenHeaders(ctx, mia, 'read');
    const write = await apiTokenHeaders(ctx, mia, 'write');
    expect((await ctx.app.inject({ url: '/api/views', headers: read })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/views/${view.id}`, headers: read })).statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'PUT', url: `/api/views/${view.id}/pin`, headers: read });
    expect(refused.statusCode).toBe(403);
    const byWrite = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/views/${view.id}`,
      headers: write,
      payload: { name: 'Token renamed' },
    });
    expect(byWrite.statusCode).toBe(200);
    expect(byWrite.json().name).toBe('Token renamed');
  });
});
