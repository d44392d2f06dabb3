import type { Field } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';

// The CSV export's custom field columns (issue 29): one per field of the exported tasks' products,
// a name two products share told apart by the product's key, people by name, multi selects by "; ".

const { ctx, as } = useTestApp();
const { alice, mia, productId } = useProductCast(ctx);

async function field(productId: string, payload: object): Promise<Field> {
  const res = await as(alice, { method: 'POST', url: `/api/projects/${productId}/fields`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const option = (f: Field, name: string) => f.options.find((o) => o.name === name)?.id ?? '';

let other = '';
let unrelated = '';
beforeAll(async () => {
  other = (await createProduct(ctx, alice.user.id, { name: 'Borealis', key: 'BOR' })).id;
  await addMember(ctx, (await createTeam(ctx, other)).id, mia.user.id);
  // A product of Alice's whose tasks the filtered export below leaves out: its field is no column.
  unrelated = (await createProduct(ctx, alice.user.id, { name: 'Cosmos', key: 'COS' })).id;
  await field(unrelated, { name: 'Budget', type: 'number' });
  await createTask(ctx, unrelated, { title: 'Unrelated' });

  const colour = { color: '#22c55e' };
  const severity = await field(productId(), {
    name: 'Severity',
    type: 'select',
    options: [
      { name: 'Low', ...colour },
      { name: 'High', ...colour },
    ],
  });
  const owner = await field(productId(), { name: 'Owner', type: 'person' });
  const areas = await field(productId(), {
    name: 'Areas',
    type: 'multi_select',
    options: [
      { name: 'UI', ...colour },
      { name: 'API', ...colour },
    ],
  });
  const otherSeverity = await field(other, { name: 'severity', type: 'text' });
  await createTask(ctx, productId(), {
    title: 'Alpha',
    fields: {
      [severity.id]: option(severity, 'High'),
      [owner.id]: mia.user.id,
      [areas.id]: [option(areas, 'UI'), option(areas, 'API')],
    },
  });
  await createTask(ctx, other, { title: 'Bravo', fields: { [otherSeverity.id]: 'Sev 2' } });
});

/** The CSV's rows as records by header. */
function rowsOf(body: string) {
  const [header = '', ...lines] = body.trim().split(/\r?\n/);
  const headers = header.split(',');
  return {
    headers,
    byTitle: (title: string) => {
      const line = lines.find((l) => l.split(',')[2] === title) ?? '';
      const cells = line.split(',');
      return Object.fromEntries(headers.map((h, i) => [h, cells[i]]));
    },
  };
}

describe('the CSV export’s custom field columns', () => {
  it('has a column per field of the exported tasks’ products, shared names with the product key', async () => {
    const res = await as(mia, { url: '/api/tasks/export.csv?sort=title' });
    expect(res.statusCode, res.body).toBe(200);
    const { headers, byTitle } = rowsOf(res.body);
    // Mia sees Apollo and Borealis, not Cosmos: no Budget column. Products come by name.
    const [apollo] = await ctx.db.select().from(products).where(eq(products.id, productId()));
    expect(headers.slice(-4)).toEqual([
      `Severity (${apollo?.key || 'Apollo'})`,
      'Owner',
      'Areas',
      'severity (BOR)',
    ]);
    expect(headers).not.toContain('Budget');
    expect(byTitle('Alpha')).toMatchObject({ Owner: 'Mia', Areas: 'UI; API', 'severity (BOR)': '' });
    expect(byTitle('Bravo')).toMatchObject({ 'severity (BOR)': 'Sev 2', Owner: '', Areas: '' });
  });

  it('keeps only the columns of the products whose tasks it exports', async () => {
    const res = await as(alice, { url: `/api/tasks/export.csv?productId=${other}` });
    expect(res.statusCode, res.body).toBe(200);
    const { headers, byTitle } = rowsOf(res.body);
    expect(headers.at(-1)).toBe('severity');
    expect(headers).not.toContain('Owner');
    expect(byTitle('Bravo').severity).toBe('Sev 2');
  });
});
