import { SEARCH_QUERY_MAX, type SearchResult } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { events, taskComments } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam, createUser } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// A lower limit than the default 120, so that the test of it is quick.
const PER_MINUTE = 30;
const { ctx, as, member, guest, signedInOnce } = useTestApp({
  env: { SEARCH_RATE_PER_MINUTE: String(PER_MINUTE) },
});

const admin = signedInOnce('admin', 'Ada Admin');

const search = (who: Signed | undefined, query: string) => as(who, { url: `/api/search?${query}` });

async function found(who: Signed, q: string, extra = '') {
  const res = await search(who, `q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
}
const idsOf = (result: SearchResult, kind: string) =>
  result.groups.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];
const kindsOf = (result: SearchResult) => result.groups.map((g) => g.kind);
const marked = (pieces: { text: string; mark: boolean }[]) => pieces.filter((p) => p.mark).map((p) => p.text);

/** A product of `owner` whose team has `people` as active members, with a task, a comment and an event. */
async function world(owner: Signed, people: Signed[], word: string) {
  const product = await createProduct(ctx, owner.user.id, {
    name: `Harbour ${word}`,
    description: `The ${word} product`,
  });
  const team = await createTeam(ctx, product.id);
  for (const p of people) await addMember(ctx, team.id, p.user.id);
  const task = await createTask(ctx, product.id, { title: `Paint the ${word} hull`, description: 'Blue' });
  const [comment] = await ctx.db
    .insert(taskComments)
    .values({ taskId: task.id, authorId: owner.user.id, body: `Ordered paint for ${word} today` })
    .returning();
  const [event] = await ctx.db
    .insert(events)
    .values({
      title: `${word} launch party`,
      date: '2026-12-01',
      type: 'meeting',
      status: 'Planning',
      productId: product.id,
      createdBy: owner.user.id,
    })
    .returning();
  if (!comment || !event) throw new Error('not inserted');
  return { product, task, comment, event };
}

describe('GET /api/search', () => {
  it('answers 401 signed out', async () => {
    const res = await search(undefined, 'q=anything');
    expect(res.statusCode).toBe(401);
  });

  it('finds products, tasks, comments and events by their words, grouped by kind, with marks', async () => {
    const owner = await member('Olga Owner');
    const w = await world(owner, [], 'zanzibar');
    const result = await found(owner, 'zanzibar');
    expect(kindsOf(result)).toEqual(['product', 'task', 'comment', 'event']);
    expect(idsOf(result, 'product')).toEqual([w.product.id]);
    expect(idsOf(result, 'task')).toEqual([w.task.id]);
    expect(idsOf(result, 'comment')).toEqual([w.comment.id]);
    expect(idsOf(result, 'event')).toEqual([w.event.id]);
    const [task] = result.groups[1]?.hits ?? [];
    expect(task).toMatchObject({ kind: 'task', productId: w.product.id, context: 'Harbour zanzibar' });
    expect(marked(task?.title ?? [])).toEqual(['zanzibar']);
    const [comment] = result.groups[2]?.hits ?? [];
    // A comment links to its task (the web adds #comment-<id>); its body matched.
    expect(comment).toMatchObject({
      taskId: w.task.id,
      title: [{ text: 'Paint the zanzibar hull', mark: false }],
    });
    expect(comment?.snippet.map((p) => p.text).join('')).toBe('Ordered paint for zanzibar today');
    expect(marked(comment?.snippet ?? [])).toEqual(['zanzibar']);
    expect(result.groups[3]?.hits[0]?.context).toBe('2026-12-01');
  });

  it('answers only the kinds asked for, and nothing for an empty query', async () => {
    const owner = await member();
    const w = await world(owner, [], 'quillback');
    const result = await found(owner, 'quillback', '&kinds=task,event');
    expect(kindsOf(result)).toEqual(['task', 'event']);
    expect(idsOf(result, 'task')).toEqual([w.task.id]);
    expect((await found(owner, '   ')).groups).toEqual([]);
  });

  it('ranks a match in the title above one only in the description', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    const inDescription = await createTask(ctx, product.id, {
      title: 'Sand the deck',
      description: 'Then varnish the marlinspike rack',
    });
    const inTitle = await createTask(ctx, product.id, { title: 'Marlinspike storage', description: '' });
    expect(idsOf(await found(owner, 'marlinspike'), 'task')).toEqual([inTitle.id, inDescription.id]);
  });

  it('finds names by a part of a word and despite a misspelling', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { name: 'Shipyard', description: 'Boats' });
    const task = await createTask(ctx, product.id, { title: 'Refactor the Kraftwerk importer' });
    expect(idsOf(await found(owner, 'shipyrd'), 'product')).toEqual([product.id]);
    expect(idsOf(await found(owner, 'Shipy'), 'product')).toEqual([product.id]);
    expect(idsOf(await found(owner, 'kraftwek'), 'task')).toEqual([task.id]);
    const partial = await found(owner, 'werk');
    expect(idsOf(partial, 'task')).toEqual([task.id]);
    expect(marked(partial.groups[0]?.hits[0]?.title ?? [])).toEqual(['werk']);
  });

  it('returns text as text: markup in a title is neither interpreted nor marked, and a snippet leaves tags out', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    await createTask(ctx, product.id, {
      title: '<img src=x onerror=alert(1)> flamingo',
      description: '<script>flamingo()</script>',
    });
    const [hit] = (await found(owner, 'flamingo')).groups[0]?.hits ?? [];
    expect(hit?.title).toEqual([
      { text: '<img src=x onerror=alert(1)> ', mark: false },
      { text: 'flamingo', mark: true },
    ]);
    // The text-search parser reads `<script>` as a tag, and headlines leave tags out.
    expect(hit?.snippet.map((p) => p.text).join('')).toBe(' flamingo() ');
  });

  it('caps results per kind at `limit`', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id);
    for (let i = 0; i < 4; i++) await createTask(ctx, product.id, { title: `Gannet ${i}` });
    expect(idsOf(await found(owner, 'gannet', '&limit=2'), 'task')).toHaveLength(2);
    expect(idsOf(await found(owner, 'gannet'), 'task')).toHaveLength(4);
  });
});

describe('who sees what', () => {
  it('shows nothing of a product the caller may not see; its team members, guests included, see it all', async () => {
    const owner = await member();
    const teammate = await member('Tim Teammate');
    const visitor = await guest('Gwen Guest');
    const outsider = await member('Otto Outsider');
    const w = await world(owner, [teammate, visitor], 'pelican');
    for (const who of [owner, teammate, visitor, admin]) {
      const result = await found(who, 'pelican');
      expect(kindsOf(result)).toEqual(['product', 'task', 'comment', 'event']);
      expect(idsOf(result, 'comment')).toEqual([w.comment.id]);
    }
    expect((await found(outsider, 'pelican')).groups).toEqual([]);
    // Nor by a part of the name or a misspelling.
    expect((await found(outsider, 'Harbour pelicn')).groups).toEqual([]);
    expect((await found(outsider, 'elica')).groups).toEqual([]);
  });

  it('shows an event without a product to its creator and participants only', async () => {
    const owner = await member();
    const invited = await member('Ivy Invited');
    const other = await member();
    const [event] = await ctx.db
      .insert(events)
      .values({
        title: 'Cormorant retro',
        date: '2026-12-02',
        type: 'review',
        status: 'Planning',
        participants: [invited.user.email],
        createdBy: owner.user.id,
      })
      .returning();
    expect(idsOf(await found(owner, 'cormorant'), 'event')).toEqual([event?.id]);
    expect(idsOf(await found(invited, 'cormorant'), 'event')).toEqual([event?.id]);
    expect((await found(other, 'cormorant')).groups).toEqual([]);
    expect(idsOf(await found(admin, 'cormorant'), 'event')).toEqual([]);
  });

  it('finds people only for admins, by name or e-mail', async () => {
    const person = await createUser(ctx, { name: 'Bartholomew Puffin', email: 'bart.puffin@example.com' });
    const byName = await found(admin, 'puffin');
    expect(idsOf(byName, 'person')).toEqual([person.id]);
    expect(byName.groups.find((g) => g.kind === 'person')?.hits[0]).toMatchObject({
      snippet: [
        { text: 'bart.', mark: false },
        { text: 'puffin', mark: true },
        { text: '@example.com', mark: false },
      ],
      context: 'member',
    });
    expect(idsOf(await found(admin, 'bartholomw'), 'person')).toEqual([person.id]);
    const someone = await member();
    expect((await found(someone, 'puffin', '&kinds=person')).groups).toEqual([]);
    expect((await found(await guest(), 'Bartholomew Puffin')).groups).toEqual([]);
  });
});

describe('limits', () => {
  it.each([
    ['a query over the cap', `q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`],
    ['a query with a control character', 'q=a%0Ab'],
    ['an unknown kind', 'q=a&kinds=task,secrets'],
    ['a limit over the cap', 'q=a&limit=21'],
    ['a limit of 0', 'q=a&limit=0'],
    ['no query', ''],
  ])('refuses %s with 400', async (_, query) => {
    const res = await search(admin, query);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('accepts a query of exactly the cap', async () => {
    expect((await search(admin, `q=${'ab '.repeat(SEARCH_QUERY_MAX / 3)}`)).statusCode).toBe(200);
  });

  it(`refuses the search after ${PER_MINUTE} in a minute with 429, per account`, async () => {
    const busy = await member();
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await search(busy, 'q=')).statusCode).toBe(200);
    }
    const refused = await search(busy, 'q=heron');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SEARCH_RATE_LIMITED',
      message: `You can search at most ${PER_MINUTE} times a minute. Please wait a minute and try again.`,
    });
    expect((await search(await member(), 'q=heron')).statusCode).toBe(200);
  });
});
