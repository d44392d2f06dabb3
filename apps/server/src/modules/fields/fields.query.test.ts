import type { Field } from '@shipyard/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useProductCast } from '../../testing/cast.ts';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { fieldOf, SEVERITY, setFields } from './fields.test-kit.ts';

// Custom fields in the task query (issue 29): filters (is, has, gte/lte, empty, set), sort and
// grouping on /tasks, a product's list and the board; what a bad value answers.

const { ctx, as } = useTestApp();
const { alice, mia, productId } = useProductCast(ctx);

const defs: Record<string, Field> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  const make = (payload: object) => fieldOf(as, alice, productId(), payload);
  defs.severity = await make(SEVERITY);
  defs.estimate = await make({ name: 'Estimate', type: 'number' });
  defs.due = await make({ name: 'Ship date', type: 'date' });
  defs.customer = await make({ name: 'Customer', type: 'text' });
  defs.owner = await make({ name: 'Owner', type: 'person' });
  defs.done = await make({ name: 'Signed off', type: 'checkbox' });
  defs.areas = await make({
    name: 'Areas',
    type: 'multi_select',
    options: [
      { name: 'UI', color: '#3b82f6' },
      { name: 'API', color: '#a855f7' },
    ],
  });
  const values: Record<string, Record<string, unknown>> = {
    Alpha: {
      severity: 'High',
      estimate: 8,
      due: '2030-01-10',
      customer: 'Acme Corp',
      owner: mia.user.id,
      done: true,
      areas: ['UI'],
    },
    Bravo: { severity: 'Low', estimate: 2, due: '2030-03-01', customer: 'Globex', areas: ['UI', 'API'] },
    Charlie: { severity: 'High', estimate: 13, owner: alice.user.id },
    Delta: {},
  };
  for (const [title, byName] of Object.entries(values)) {
    const task = await createTask(ctx, productId(), { title });
    ids[title] = task.id;
    const body = Object.fromEntries(Object.entries(byName).map(([name, v]) => [id(name), v]));
    if (Object.keys(body).length > 0)
      expect((await as(alice, setFields(task.id, body))).statusCode).toBe(200);
  }
});
const id = (name: string) => {
  const field = defs[name];
  if (!field) throw new Error(`no field ${name}`);
  return field.id;
};
const list = async (query: string) => {
  const res = await as(mia, { url: `/api/tasks/all?productId=${productId()}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { title: string }[];
    groups?: { key: string; label: string; total: number }[];
  };
};
const titles = async (query: string) => (await list(query)).data.map((t) => t.title).sort();
const q = (name: string, rest: string) => `field=${encodeURIComponent(`${id(name)}:${rest}`)}`;

describe('custom fields in the task query', () => {
  it('filter by equals, contains, ranges, empty and set', async () => {
    expect(await titles(q('severity', 'is:high'))).toEqual(['Alpha', 'Charlie']);
    expect(await titles(q('severity', `is:${defs.severity?.options[0]?.id}`))).toEqual(['Bravo']);
    expect(await titles(q('severity', 'is:Low,High'))).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await titles(q('areas', 'is:API'))).toEqual(['Bravo']);
    expect(await titles(q('areas', 'is:ui'))).toEqual(['Alpha', 'Bravo']);
    expect(await titles(q('customer', 'has:acme'))).toEqual(['Alpha']);
    expect(await titles(q('customer', 'is:Globex'))).toEqual(['Bravo']);
    expect(await titles(`${q('estimate', 'gte:3')}&${q('estimate', 'lte:10')}`)).toEqual(['Alpha']);
    expect(await titles(q('estimate', 'is:13'))).toEqual(['Charlie']);
    expect(await titles(q('due', 'gte:2030-02-01'))).toEqual(['Bravo']);
    expect(await titles(q('owner', 'is:me'))).toEqual(['Alpha']);
    expect(await titles(q('done', 'is:true'))).toEqual(['Alpha']);
    expect(await titles(q('done', 'is:false'))).toEqual(['Bravo', 'Charlie', 'Delta']);
    expect(await titles(q('customer', 'empty'))).toEqual(['Charlie', 'Delta']);
    expect(await titles(q('owner', 'set'))).toEqual(['Alpha', 'Charlie']);
    // Combined with the other filters, and on the product's own list and board.
    expect(await titles(`${q('severity', 'is:High')}&priority=medium`)).toEqual(['Alpha', 'Charlie']);
    const own = await as(mia, { url: `/api/tasks/${productId()}/tasks?${q('severity', 'is:Low')}` });
    expect(own.json().data.map((t: { title: string }) => t.title)).toEqual(['Bravo']);
    const board = await as(mia, { url: `/api/tasks/${productId()}/board?${q('severity', 'is:Low')}` });
    expect(board.statusCode, board.body).toBe(200);
    const cards = board.json().columns.flatMap((c: { cards: { title: string }[] }) => c.cards);
    expect(cards.map((c: { title: string }) => c.title)).toEqual(['Bravo']);
    // The board names its fields shown on cards (Severity) and each card's values of them.
    expect(board.json().fields.map((f: { name: string }) => f.name)).toEqual(['Severity']);
    expect(cards[0].fields).toEqual({ [id('severity')]: defs.severity?.options[0]?.id });
    // Grouped by a field not shown on cards (swimlanes), each card carries that field's value too.
    const grouped = await as(mia, {
      url: `/api/tasks/${productId()}/board?${q('severity', 'is:Low')}&groupField=${id('areas')}`,
    });
    const [card] = grouped.json().columns.flatMap((c: { cards: object[] }) => c.cards);
    expect(card.fields).toEqual({
      [id('severity')]: defs.severity?.options[0]?.id,
      [id('areas')]: defs.areas?.options.map((o) => o.id),
    });
  });

  it('answer the field’s own message for a bad value, and a clear one for a malformed filter', async () => {
    const bad = async (query: string, message: string) => {
      const res = await as(mia, { url: `/api/tasks/all?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad(q('severity', 'is:Urgent'), 'Severity must be one of Low, High');
    await bad(q('estimate', 'gte:lots'), 'Estimate must be a number');
    await bad(q('due', 'lte:2030-02-30'), 'Ship date must be a date');
    await bad('field=nonsense', 'A field filter is <field id>:<is|has|gte|lte|empty|set>[:<value>].');
    await bad(q('severity', 'gte:1'), 'A field filter is <field id>:<is|has|gte|lte|empty|set>[:<value>].');
    await bad('sort=field', 'Sort by field needs sortField, the field’s id.');
    await bad(
      `group=field&groupField=${id('customer')}`,
      'Group by a select, multi select, person or checkbox field.',
    );
  });

  it('sort by a field, no value last both ways, with keyset pages', async () => {
    const sorted = async (name: string, order: string) =>
      (await list(`sort=field&sortField=${id(name)}&order=${order}`)).data.map((t) => t.title);
    expect(await sorted('estimate', 'asc')).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);
    expect(await sorted('estimate', 'desc')).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta']);
    expect((await sorted('severity', 'asc')).slice(0, 1)).toEqual(['Bravo']);
    expect((await sorted('customer', 'asc')).slice(0, 2)).toEqual(['Alpha', 'Bravo']);
    expect((await sorted('due', 'desc')).slice(0, 2)).toEqual(['Bravo', 'Alpha']);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 4; page += 1) {
      const res = await list(
        `sort=field&sortField=${id('estimate')}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.data.map((t) => t.title));
      const next = (res as unknown as { nextCursor: string | null }).nextCursor;
      if (!next) break;
      cursor = encodeURIComponent(next);
    }
    expect(seen).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);
  });

  it('group by a select, a multi select, a person and a checkbox, no value last', async () => {
    const groups = async (name: string) =>
      (await list(`group=field&groupField=${id(name)}`)).groups?.map((g) => [g.label, g.total]);
    expect(await groups('severity')).toEqual([
      ['Low', 1],
      ['High', 2],
      ['No Severity', 1],
    ]);
    expect(await groups('areas')).toEqual([
      ['UI', 2],
      ['No Areas', 2],
    ]);
    expect(await groups('owner')).toEqual([
      ['Alice', 1],
      ['Mia', 1],
      ['No Owner', 2],
    ]);
    expect(await groups('done')).toEqual([
      ['Signed off', 1],
      ['No Signed off', 3],
    ]);
    const grouped = await list(`group=field&groupField=${id('severity')}`);
    expect(grouped.data.map((t) => t.title)).toEqual([
      'Bravo',
      expect.any(String),
      expect.any(String),
      'Delta',
    ]);
  });

  it('are columns of a product’s CSV export, named like the fields, values as text (a person by name)', async () => {
    const res = await as(mia, { url: `/api/tasks/${productId()}/tasks.csv?sort=title` });
    expect(res.statusCode, res.body).toBe(200);
    const [header, alpha] = res.body.trim().split(/\r?\n/);
    expect(header).toMatch(/,Severity,Estimate,Ship date,Customer,Owner,Signed off,Areas$/);
    expect(alpha).toMatch(/,High,8,2030-01-10,Acme Corp,Mia,Yes,UI$/);
  });

  it('are found by the global search (text values)', async () => {
    const res = await as(mia, { url: '/api/search?q=globex' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Bravo');
  });
});
