import type { Field, TaskBoard, TaskList } from '@shipyard/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { fieldOf, SEVERITY } from './fields.test-kit.ts';

// Rows and cards show the values of their product's fields shown on cards (issue 29): rows carry
// every value (`fields`) and the page names the people its rows' shown person fields name
// (`people`); a board's cards carry the shown values, its `people` those people too.

const { ctx, as } = useTestApp();
const { alice, mia, bob, admin, productId } = useProductCast(ctx);

const defs: Record<string, Field> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  const make = (payload: object) => fieldOf(as, alice, productId(), payload);
  defs.severity = await make(SEVERITY);
  defs.owner = await make({ name: 'Owner', type: 'person', showOnCards: true });
  defs.reviewer = await make({ name: 'Reviewer', type: 'person' });
  defs.notes = await make({ name: 'Notes', type: 'text' });
  const high = defs.severity.options[1]?.id ?? '';
  ids.shown = (
    await createTask(ctx, productId(), {
      title: 'Shown',
      fields: {
        [defs.severity.id]: high,
        [defs.owner.id]: mia.user.id,
        [defs.reviewer.id]: alice.user.id,
        [defs.notes.id]: 'Call back',
      },
    })
  ).id;
  ids.bare = (await createTask(ctx, productId(), { title: 'Bare' })).id;
  // Another product, out of Mia's sight, whose shown person field names Bob.
  const other = (await createProduct(ctx, bob.user.id, { name: 'Zeta' })).id;
  const lead = await fieldOf(as, bob, other, { name: 'Lead', type: 'person', showOnCards: true });
  ids.other = (await createTask(ctx, other, { title: 'Elsewhere', fields: { [lead.id]: bob.user.id } })).id;
});

const listOf = (res: { json: () => unknown }) => res.json() as TaskList;

describe('the fields shown on cards, on list rows and board cards', () => {
  it('name the people of shown person fields on a page of /tasks, only of products in sight', async () => {
    const res = await as(mia, { url: '/api/tasks/all' });
    expect(res.statusCode).toBe(200);
    const list = listOf(res);
    expect(list.data.map((t) => t.title).sort()).toEqual(['Bare', 'Shown']);
    const shown = list.data.find((t) => t.id === ids.shown);
    expect(shown?.fields).toMatchObject({
      [defs.severity?.id ?? '']: defs.severity?.options[1]?.id,
      [defs.owner?.id ?? '']: mia.user.id,
    });
    // The reviewer is not shown on cards: not named; Bob's product is out of sight.
    expect(list.people).toEqual([{ id: mia.user.id, name: 'Mia' }]);

    const all = listOf(await as(admin, { url: '/api/tasks/all' }));
    expect(all.people?.map((p) => p.name).sort()).toEqual(['Bob', 'Mia']);
  });

  it('name them on a product’s list too; a page whose rows name nobody has no people', async () => {
    const res = await as(mia, { url: `/api/tasks/${productId()}/tasks` });
    expect(res.statusCode).toBe(200);
    expect(listOf(res).people).toEqual([{ id: mia.user.id, name: 'Mia' }]);
    const bare = listOf(await as(mia, { url: `/api/tasks/${productId()}/tasks?search=Bare` }));
    expect(bare.data.map((t) => t.title)).toEqual(['Bare']);
    expect(bare).not.toHaveProperty('people');
  });

  it('come with the board: the shown values on each card, and their people beside the assignees', async () => {
    const res = await as(mia, { url: `/api/tasks/${productId()}/board` });
    expect(res.statusCode).toBe(200);
    const board = res.json() as TaskBoard;
    expect(board.fields.map((f) => f.name)).toEqual(['Severity', 'Owner']);
    const card = board.columns.flatMap((c) => c.cards).find((c) => c.id === ids.shown);
    expect(card?.fields).toEqual({
      [defs.severity?.id ?? '']: defs.severity?.options[1]?.id,
      [defs.owner?.id ?? '']: mia.user.id,
    });
    expect(board.people).toEqual([expect.objectContaining({ id: mia.user.id, name: 'Mia' })]);
  });

  it('are not read for those who may not see the product (404) or are signed out (401)', async () => {
    for (const url of [`/api/tasks/${productId()}/tasks`, `/api/tasks/${productId()}/board`]) {
      const refused = await as(bob, { url });
      expect(refused.statusCode).toBe(404);
      expect(JSON.stringify(refused.json())).not.toContain(mia.user.id);
      expect((await as(undefined, { url })).statusCode).toBe(401);
    }
  });
});
