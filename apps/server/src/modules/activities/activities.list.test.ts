import { productMessages } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, users } from '../../db/schema/index.ts';
import { addMember, createProduct, createTeam } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';

// Reading the history: a product's timeline and the activity log with its filters.
const { ctx, as, member, signedInOnce } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

type ActivityBody = { id: string; description: string; actionType: string; projectId: string | null };
const descriptions = (body: { data: ActivityBody[] }) => body.data.map((a) => a.description);

/** Entries stored directly, each one second newer than any stored before by this file. */
let clock = Date.parse('2031-01-01T00:00:00Z');
const nextSecond = () => {
  clock += 1000;
  return new Date(clock);
};
async function insertEntries(
  productId: string | null,
  performedBy: string | null,
  entries: { actionType?: string; description: string }[],
) {
  await ctx.db.insert(activities).values(
    entries.map((e) => ({
      actionType: e.actionType ?? 'comment_added',
      description: e.description,
      productId,
      performedBy,
      createdAt: nextSecond(),
    })),
  );
}

describe('GET /api/activities/product/{productId}', () => {
  it('answers at most 100 entries of the product, newest first, with names joined', async () => {
    const owner = await member('Pia Performer');
    const product = await createProduct(ctx, owner.user.id, { name: 'Timeline' });
    const other = await createProduct(ctx, owner.user.id, { name: 'Other' });
    await insertEntries(
      product.id,
      owner.user.id,
      Array.from({ length: 105 }, (_, i) => ({ description: `Step ${i}` })),
    );
    await insertEntries(other.id, owner.user.id, [{ description: 'Elsewhere' }]);

    const res = await as(owner, { url: `/api/activities/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(100);
    expect(descriptions(res.json())).toEqual(Array.from({ length: 100 }, (_, i) => `Step ${104 - i}`));
    expect(data[0]).toMatchObject({
      projectId: product.id,
      productName: 'Timeline',
      performer: { _id: owner.user.id, name: 'Pia Performer' },
    });
  });

  it('shows no performer once the performer is deleted', async () => {
    const owner = await member();
    const leaver = await member('Lee Leaver');
    const product = await createProduct(ctx, owner.user.id);
    await insertEntries(product.id, leaver.user.id, [{ description: 'Before leaving' }]);
    await ctx.db.delete(users).where(eq(users.id, leaver.user.id));

    const [entry] = (await as(owner, { url: `/api/activities/product/${product.id}` })).json().data;
    expect(entry).toMatchObject({ description: 'Before leaving', performedBy: null, performer: null });
  });

  it('is 404 for a product the caller may not see, and answers its active team members and admins', async () => {
    const owner = await member();
    const teammate = await member();
    const invited = await member();
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, teammate.user.id);
    await addMember(ctx, team.id, invited.user.id, { status: 'invited' });
    await insertEntries(product.id, owner.user.id, [{ description: 'Kickoff' }]);
    const url = `/api/activities/product/${product.id}`;

    expect((await as(invited, { url })).statusCode).toBe(404);
    expect((await as(invited, { url })).json().message).toBe(productMessages.notFound);
    for (const who of [teammate, admin]) {
      expect(descriptions((await as(who, { url })).json())).toEqual(['Kickoff']);
    }
    expect((await as(owner, { url: '/api/activities/product/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('GET /api/activities', () => {
  it('lists the entries of visible products newest first, with the total and the visible action types', async () => {
    const me = await member('Max Me');
    const stranger = await member('Sid Stranger');
    const mine = await createProduct(ctx, me.user.id, { name: 'Mine' });
    const theirs = await createProduct(ctx, stranger.user.id, { name: 'Theirs' });
    await insertEntries(mine.id, me.user.id, [
      { actionType: 'task_created', description: 'Created task "One"' },
      { actionType: 'status_changed', description: 'Status changed from Planning to Testing' },
      { actionType: 'task_created', description: 'Created task "Two"' },
    ]);
    await insertEntries(theirs.id, stranger.user.id, [
      { actionType: 'milestone_reached', description: 'Their milestone' },
    ]);

    const res = await as(me, { url: '/api/activities' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, actionTypes: ['status_changed', 'task_created'] });
    expect(descriptions(res.json())).toEqual([
      'Created task "Two"',
      'Status changed from Planning to Testing',
      'Created task "One"',
    ]);
    expect(res.json().data[0]).toMatchObject({
      productName: 'Mine',
      performer: { _id: me.user.id, name: 'Max Me' },
    });

    const all = (await as(admin, { url: '/api/activities' })).json();
    expect(all.actionTypes).toEqual(expect.arrayContaining(['milestone_reached', 'task_created']));
    const found = (await as(admin, { url: '/api/activities?search=their%20milestone' })).json();
    expect(descriptions(found)).toEqual(['Their milestone']);
  });

  it('filters by product, action and a case-insensitive search in which % and _ are literal, counting the matches', async () => {
    const me = await member();
    const first = await createProduct(ctx, me.user.id, { name: 'First' });
    const second = await createProduct(ctx, me.user.id, { name: 'Second' });
    await insertEntries(first.id, me.user.id, [
      { actionType: 'comment_added', description: 'Reached 100% coverage' },
      { actionType: 'comment_added', description: 'Reached 1000 users' },
      { actionType: 'task_created', description: 'Created task "fix_bug"' },
      { actionType: 'task_created', description: 'Created task "fixXbug"' },
    ]);
    await insertEntries(second.id, me.user.id, [
      { actionType: 'comment_added', description: 'REACHED the moon' },
    ]);

    const cases: [string, string[]][] = [
      [`productId=${second.id}`, ['REACHED the moon']],
      ['action=task_created', ['Created task "fixXbug"', 'Created task "fix_bug"']],
      ['search=reached', ['REACHED the moon', 'Reached 1000 users', 'Reached 100% coverage']],
      [`search=${encodeURIComponent('100%')}`, ['Reached 100% coverage']],
      ['search=fix_bug', ['Created task "fix_bug"']],
      [
        `search=reached&productId=${first.id}&action=comment_added`,
        ['Reached 1000 users', 'Reached 100% coverage'],
      ],
      ['action=milestone_reached', []],
    ];
    for (const [query, expected] of cases) {
      const res = await as(me, { url: `/api/activities?${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(descriptions(res.json()), query).toEqual(expected);
      expect(res.json().total, query).toBe(expected.length);
      // The action filter keeps offering every type the caller may see.
      expect(res.json().actionTypes, query).toEqual(['comment_added', 'task_created']);
    }

    const limited = (await as(me, { url: '/api/activities?limit=2' })).json();
    expect(limited.data).toHaveLength(2);
    expect(limited.total).toBe(5);
  });

  it('shows an entry without a product only to its performer and to admins', async () => {
    const me = await member();
    const other = await member();
    await insertEntries(null, me.user.id, [{ actionType: 'other', description: 'My loose note' }]);

    expect(descriptions((await as(me, { url: '/api/activities' })).json())).toEqual(['My loose note']);
    const theirs = (await as(other, { url: '/api/activities' })).json();
    expect(theirs).toMatchObject({ data: [], total: 0, actionTypes: [] });
    const byAdmin = (await as(admin, { url: '/api/activities?search=my%20loose' })).json();
    expect(byAdmin).toMatchObject({ total: 1, data: [{ description: 'My loose note', projectId: null }] });
  });

  it("carries only the status and progress keys of each entry's metadata in the log, not the whole blob", async () => {
    const me = await member();
    const product = await createProduct(ctx, me.user.id);
    await ctx.db.insert(activities).values({
      actionType: 'status_changed',
      description: 'Status changed',
      metadata: { previousStatus: 'planning', newStatus: 'testing', blob: 'x'.repeat(3000) },
      productId: product.id,
      performedBy: me.user.id,
      createdAt: nextSecond(),
    });
    const res = await as(me, { url: `/api/activities?productId=${product.id}` });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ actionType: 'status_changed', description: 'Status changed' });
    expect(entry.metadata).toEqual({ previousStatus: 'planning', newStatus: 'testing' });
    expect(res.body.length).toBeLessThan(1000);
  });

  it('refuses a caller without a session and a limit above 100', async () => {
    expect((await ctx.app.inject('/api/activities')).statusCode).toBe(401);
    const me = await member();
    for (const query of ['limit=101', 'limit=0', 'productId=nope']) {
      expect((await as(me, { url: `/api/activities?${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('a long activity log', () => {
  it('counts matches up to 10,000 and says when there are more, still answering the newest 100', async () => {
    const owner = await member('Bulk Owner');
    const product = await createProduct(ctx, owner.user.id, { name: 'Busy product' });
    await ctx.db.execute(sql`
      insert into activities (action_type, description, product_id, performed_by, created_at)
      select 'comment_added', 'bulk entry ' || g, ${product.id}, ${owner.user.id}, now() - g * interval '1 second'
      from generate_series(1, 10050) as g`);

    const res = await as(owner, { method: 'GET', url: `/api/activities?productId=${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 10_000, totalCapped: true, actionTypes: ['comment_added'] });
    expect(res.json().data).toHaveLength(100);
    expect(res.json().data[0].description).toBe('bulk entry 1');

    const few = await as(owner, {
      method: 'GET',
      url: `/api/activities?productId=${product.id}&search=entry%2010050`,
    });
    expect(few.json()).toMatchObject({ total: 1, totalCapped: false });
  });
});
