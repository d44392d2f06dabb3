import type { Field } from '@shipyard/shared';
import { fieldValueMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, tasks } from '../../db/schema/index.ts';
import { csvImport, useImportTests } from './imports.test-kit.ts';

// A CSV import fills the product's custom fields (issue 29): a column named like a field, each
// value checked by the field's own rules; a bad value is that row's error and nothing is stored.

const { ctx, as, alice, mia, productId, taskCount } = useImportTests();

const defs: Record<string, Field> = {};
beforeAll(async () => {
  const make = async (payload: object) => {
    const res = await as(alice, { method: 'POST', url: `/api/projects/${productId()}/fields`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Field;
  };
  const colour = { color: '#22c55e' };
  defs.severity = await make({
    name: 'Severity',
    type: 'select',
    options: [
      { name: 'Low', ...colour },
      { name: 'High', ...colour },
    ],
  });
  defs.estimate = await make({ name: 'Estimate', type: 'number' });
  defs.reviewer = await make({ name: 'Reviewer', type: 'person' });
  defs.areas = await make({
    name: 'Areas',
    type: 'multi_select',
    options: [
      { name: 'UI', ...colour },
      { name: 'API', ...colour },
    ],
  });
  defs.signed = await make({ name: 'Signed off', type: 'checkbox' });
});

const valuesOf = async (title: string) => {
  const [row] = await ctx.db.select().from(tasks).where(eq(tasks.title, title));
  return row?.fields;
};

describe('CSV import of custom field columns', () => {
  it('maps columns named like the fields, checks and stores their values', async () => {
    const [product] = await ctx.db.select().from(products).where(eq(products.id, productId()));
    const csv = [
      // "Severity (KEY)" is how an export names a field two products share.
      `title,severity (${product?.key}),Estimate,Reviewer,Areas,Signed off,Notes`,
      `Fields one,high,8,${mia.user.email},UI; API,Yes,kept out`,
      'Fields two,,,,,,',
    ].join('\n');
    const preview = await as(alice, csvImport({ csv }, productId(), true));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      errors: [],
      mapping: { title: 0 },
      fields: [
        { column: 1, name: 'Severity' },
        { column: 2, name: 'Estimate' },
        { column: 3, name: 'Reviewer' },
        { column: 4, name: 'Areas' },
        { column: 5, name: 'Signed off' },
      ],
    });
    const res = await as(alice, csvImport({ csv, mapping: preview.json().mapping }, productId()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(2);
    const high = defs.severity?.options.find((o) => o.name === 'High')?.id;
    expect(await valuesOf('Fields one')).toEqual({
      [defs.severity?.id ?? '']: high,
      [defs.estimate?.id ?? '']: 8,
      [defs.reviewer?.id ?? '']: mia.user.id,
      [defs.areas?.id ?? '']: defs.areas?.options.map((o) => o.id),
      [defs.signed?.id ?? '']: true,
    });
    expect(await valuesOf('Fields two')).toEqual({});
  });

  it('reports a bad value with its row and the field’s own message, and imports nothing', async () => {
    const before = await taskCount();
    const csv = [
      'title,Severity,Estimate,Reviewer',
      'Good row,Low,3,',
      'Bad severity,Critical,,',
      'Bad estimate,,lots,',
      'Bad reviewer,,,nobody@example.com',
    ].join('\n');
    const res = await as(alice, csvImport({ csv }, productId()));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.errors).toEqual([
      { row: 3, field: 'Severity', message: fieldValueMessages.select('Severity', ['Low', 'High']) },
      { row: 4, field: 'Estimate', message: fieldValueMessages.number('Estimate') },
      { row: 5, field: 'Reviewer', message: fieldValueMessages.person('Reviewer') },
    ]);
    expect(await taskCount()).toBe(before);
  });

  it('leaves a column to the task field the mapping gives it', async () => {
    const csv = ['Name,Estimate', 'Mapped title,Estimate as the title'].join('\n');
    const res = await as(alice, csvImport({ csv, mapping: { title: 1 } }, productId(), true));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fields).toEqual([]);
    expect(res.json().preview[0].title).toBe('Estimate as the title');
  });
});
