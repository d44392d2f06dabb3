import { LABELS_PER_PRODUCT_MAX } from '@shipyard/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labels } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// Issue 27, "Also": 30 label creations at once on a product holding 90 gave 101 of 100. The cap is
// counted under a lock on the product's row, so parallel writers (creations, imports) take turns.

const { ctx, as, member } = useTestApp();

async function productWith(owner: Signed, held: number) {
  const product = await createProduct(ctx, owner.user.id);
  await ctx.db.insert(labels).values(
    Array.from({ length: held }, (_, i) => ({
      productId: product.id,
      name: `Held ${i}`,
      color: '#64748b',
    })),
  );
  return product.id;
}
async function labelsOf(productId: string) {
  const [row] = await ctx.db.select({ n: count() }).from(labels).where(eq(labels.productId, productId));
  return row?.n ?? 0;
}
const createLabel = (who: Signed, productId: string, name: string) =>
  as(who, { method: 'POST', url: `/api/projects/${productId}/labels`, payload: { name, color: '#3b82f6' } });

describe('the label cap of a product under parallel writes', () => {
  it('lets exactly the room left through when 30 labels are created at once on a product holding 90', async () => {
    const olga = await member('Olga Owner');
    const productId = await productWith(olga, LABELS_PER_PRODUCT_MAX - 10);

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createLabel(olga, productId, `Parallel ${i}`)),
    );
    const codes = answers.map((res) => (res.statusCode === 201 ? 'created' : res.json().code));
    expect(codes.filter((c) => c === 'created')).toHaveLength(10);
    expect(codes.filter((c) => c === 'LABELS_FULL')).toHaveLength(20);
    expect(await labelsOf(productId)).toBe(LABELS_PER_PRODUCT_MAX);
  });

  it('never passes the cap when an import that adds labels runs beside label creations', async () => {
    const ivan = await member('Ivan Importer');
    const productId = await productWith(ivan, LABELS_PER_PRODUCT_MAX - 5);
    const csv = ['Title,Labels', ...Array.from({ length: 5 }, (_, i) => `Task ${i},Imported ${i}`)].join(
      '\n',
    );

    const answers = await Promise.all([
      as(ivan, { method: 'POST', url: `/api/tasks/${productId}/import/csv`, payload: { csv } }),
      ...Array.from({ length: 5 }, (_, i) => createLabel(ivan, productId, `By hand ${i}`)),
    ]);
    for (const res of answers) expect([200, 201, 409, 422]).toContain(res.statusCode);
    expect(await labelsOf(productId)).toBeLessThanOrEqual(LABELS_PER_PRODUCT_MAX);
  });
});
