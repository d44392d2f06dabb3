import type { Field } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { useProductCast } from '../../testing/cast.ts';
import { apiTokenHeaders, createProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { fieldOf, SEVERITY } from './fields.test-kit.ts';

// GET /api/fields (issue 29): the fields the /tasks filters, sort and grouping offer, of every
// product the caller sees, each naming its product.

const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

const names = (res: { json: () => unknown }) =>
  (res.json() as { data: Field[] }).data.map(
    (f) => `${f.productId === productId() ? 'cast' : 'other'}:${f.name}`,
  );

describe('the fields of every product in sight', () => {
  it('lists each visible product’s fields in their order, and none of products out of sight', async () => {
    await fieldOf(as, alice, productId(), SEVERITY);
    await fieldOf(as, alice, productId(), { name: 'Estimate', type: 'number' });
    const other = (await createProduct(ctx, bob.user.id, { name: 'Zeta' })).id;
    await fieldOf(as, bob, other, { name: 'Customer', type: 'text' });

    for (const who of [alice, mia, gus]) {
      const res = await as(who, { url: '/api/fields' });
      expect(res.statusCode).toBe(200);
      expect(names(res)).toEqual(['cast:Severity', 'cast:Estimate']);
    }
    expect(names(await as(bob, { url: '/api/fields' }))).toEqual(['other:Customer']);
    expect(names(await as(admin, { url: '/api/fields' }))).toEqual([
      'cast:Severity',
      'cast:Estimate',
      'other:Customer',
    ]);
    const [severity] = (await as(alice, { url: '/api/fields' })).json().data as Field[];
    expect(severity?.options.map((o) => o.name)).toEqual(['Low', 'High']);
  });

  it('answers 401 signed out, and reads with a read-only API token', async () => {
    expect((await as(undefined, { url: '/api/fields' })).statusCode).toBe(401);
    const headers = await apiTokenHeaders(ctx, mia, 'read');
    const res = await ctx.app.inject({ url: '/api/fields', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((f: Field) => f.name)).toContain('Severity');
  });
});
