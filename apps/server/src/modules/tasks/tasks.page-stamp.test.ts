import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskRelations, tasks, teamMembers, users } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { createTaskListing } from './tasks.listing.ts';
import { edit, setStatus } from './tasks.test-kit.ts';

// A shared first page outlasts a move of tasks it neither shows nor picks by (tasks.page-stamp.ts):
// after any write it must still be what a list made now would answer, through this process,
// another one, or a write straight to the database; and a page that reads a moving column (a
// status filter, the updated or manual sort) must follow the move itself.

const { ctx, as, member, otherProcess } = useTestApp();
const other = otherProcess();

type Row = {
  id: string;
  title: string;
  status: string;
  blocked: boolean;
  blockedBy: string[];
  assignee: { name: string; avatar_url: string | null } | null;
};
type Listed = { total: number; data: Row[]; groups?: { label: string; total: number }[] };

const list = async (who: Signed, query: string, app?: Parameters<typeof as>[2]) => {
  const res = await as(who, { url: `/api/tasks/all?${query}` }, app);
  expect(res.statusCode).toBe(200);
  return res.json() as Listed;
};
/** The first page as both processes answer it, after checking they agree. */
const both = async (who: Signed, query: string) => {
  const [here, there] = await Promise.all([list(who, query), list(who, query, other)]);
  expect(there).toEqual(here);
  return here;
};

async function world() {
  const owner = await member('Olga Owner');
  const dev = await member('Dev Eloper');
  const product = await createProduct(ctx, owner.user.id, { name: 'Apollo' });
  const elsewhere = await createProduct(ctx, owner.user.id, { name: 'Hermes' });
  const team = await createTeam(ctx, product.id);
  await addMember(ctx, team.id, dev.user.id);
  // Titles a..f: the first page of 3 by title shows a, b, c; d, e, f are further on.
  const made = [];
  for (const title of ['a', 'b', 'c', 'd', 'e', 'f'])
    made.push(await createTask(ctx, product.id, { title, assigneeId: dev.user.id }));
  // A blocker the member does not see, of a task on the page.
  const blocker = await createTask(ctx, elsewhere.id, { title: 'blocker' });
  const [a, b, c, d, e] = made;
  if (!a || !b || !c || !d || !e) throw new Error('no tasks');
  await ctx.db.insert(taskRelations).values({ kind: 'blocks', sourceId: blocker.id, targetId: b.id });
  return { owner, dev, product, team, a, b, c, d, e, blocker };
}

describe('a shared first page across moves', () => {
  it('is answered again after a move of a task it does not show, and follows every change it shows', async () => {
    const { owner, dev, a, b, c, d, e, blocker } = await world();
    const page = 'sort=title&limit=3';
    const first = await both(dev, page);
    expect(first.data.map((t) => t.title)).toEqual(['a', 'b', 'c']);
    expect(first.total).toBe(6);
    expect(first.data[1]?.blocked).toBe(true);

    // A move of a task further on: the same page, from either process.
    expect((await as(owner, setStatus(d.id, 'In Progress'), other)).statusCode).toBe(200);
    expect(await both(dev, page)).toEqual(first);

    // A move of a task on the page: its row shows it.
    expect((await as(owner, setStatus(a.id, 'Completed'))).statusCode).toBe(200);
    expect((await both(dev, page)).data[0]?.status).toBe('Completed');

    // The blocker (out of the member's sight) is done: the row it blocked is no longer blocked.
    expect((await as(owner, setStatus(blocker.id, 'Completed'))).statusCode).toBe(200);
    expect((await both(dev, page)).data[1]?.blocked).toBe(false);
    // A new blocking relation, straight to the database.
    await ctx.db.insert(taskRelations).values({ kind: 'blocks', sourceId: e.id, targetId: c.id });
    expect((await both(dev, page)).data[2]?.blockedBy).toEqual(['APO-5']);

    // Straight to the database, no updated_at: a title on the page, then one that enters it.
    await ctx.db.update(tasks).set({ title: 'c2' }).where(eq(tasks.id, c.id));
    expect((await both(dev, page)).data.map((t) => t.title)).toEqual(['a', 'b', 'c2']);
    await ctx.db.update(tasks).set({ title: '0' }).where(eq(tasks.id, e.id));
    expect((await both(dev, page)).data.map((t) => t.title)).toEqual(['0', 'a', 'b']);

    // The assignee's name and picture.
    await ctx.db.update(users).set({ avatarUrl: '/files/avatar-2.png' }).where(eq(users.id, dev.user.id));
    expect((await both(dev, page)).data[1]?.assignee?.avatar_url).toBe('/files/avatar-2.png');
    await ctx.db.update(users).set({ name: 'Dev Renamed' }).where(eq(users.id, dev.user.id));
    expect((await both(dev, page)).data[1]?.assignee?.name).toBe('Dev Renamed');

    // An edit of a task further on that the counts see, and a task to the trash.
    const grouped = 'group=priority&sort=title&limit=3';
    expect((await both(dev, grouped)).groups?.map((g) => [g.label, g.total])).toEqual([['Medium', 6]]);
    expect((await as(owner, edit(d.id, { priority: 'high' }))).statusCode).toBe(200);
    expect((await both(dev, grouped)).groups?.map((g) => [g.label, g.total])).toEqual([
      ['High', 1],
      ['Medium', 5],
    ]);
    expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${b.id}` })).statusCode).toBe(200);
    const trashed = await both(dev, page);
    expect(trashed.data.map((t) => t.title)).toEqual(['0', 'a', 'c2']);
    expect(trashed.total).toBe(5);
  });

  it('is made again when what it reads moves: a status filter, the updated order, who sees what', async () => {
    const { owner, dev, team, a, d } = await world();
    const pending = 'status=Pending&sort=title&limit=3';
    expect((await both(dev, pending)).data.map((t) => t.title)).toEqual(['a', 'b', 'c']);
    const updated = 'sort=updated&limit=2';
    await both(dev, updated);

    expect((await as(owner, setStatus(a.id, 'In Progress'))).statusCode).toBe(200);
    const now = await both(dev, pending);
    expect(now.data.map((t) => t.title)).toEqual(['b', 'c', 'd']);
    expect(now.total).toBe(5);
    expect((await both(dev, updated)).data[0]?.id).toBe(a.id);
    expect((await as(owner, setStatus(d.id, 'In Progress'), other)).statusCode).toBe(200);
    expect((await both(dev, updated)).data.map((t) => t.id)).toEqual([d.id, a.id]);

    // The member leaves the team straight in the database: nothing of the product is shown.
    await both(dev, 'sort=title&limit=3');
    await ctx.db
      .update(teamMembers)
      .set({ status: 'suspended' })
      .where(inArray(teamMembers.teamId, [team.id]));
    const gone = await both(dev, 'sort=title&limit=3');
    expect([gone.total, gone.data]).toEqual([0, []]);
  });

  it('is kept by a stamp a move elsewhere leaves standing, and that any move of its own rows knocks down', async () => {
    const { owner, dev, a, d } = await world();
    const listing = createTaskListing(ctx.db, { now: () => new Date() });
    const viewer = { id: dev.user.id, role: 'member' as const };
    const query = { sort: 'title' as const, limit: 3, me: viewer, visibleTo: viewer };
    const made = await listing.list(query);
    if (!made.stamp) throw new Error('a page by title has a stamp');
    expect(made.stamp.ids).toHaveLength(3);
    expect(await listing.stillShown(made.stamp)).toBe(true);
    expect((await as(owner, setStatus(d.id, 'Completed'))).statusCode).toBe(200);
    expect(await listing.stillShown(made.stamp)).toBe(true);
    expect((await as(owner, setStatus(a.id, 'Completed'))).statusCode).toBe(200);
    expect(await listing.stillShown(made.stamp)).toBe(false);
    // Pages that read a moving column have none.
    for (const other of [
      { sort: 'updated' as const },
      { sort: 'manual' as const },
      { status: ['Pending' as const] },
    ])
      expect((await listing.list({ ...query, ...other })).stamp).toBeUndefined();
    expect((await listing.list({ ...query, cursor: made.nextCursor ?? undefined })).stamp).toBeUndefined();
  });
});
