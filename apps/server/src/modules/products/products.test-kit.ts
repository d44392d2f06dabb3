import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';

// What the product route tests share: a valid body and what they read back.

export const validProduct = {
  name: 'Nebula',
  description: 'A star map',
  start_date: '2026-03-01',
  target_end_date: '2026-09-30',
  status: 'planning',
  team_size: 4,
};

export const ids = (body: { data: { id: string }[] }) => body.data.map((p) => p.id);

export const storedProduct = async (ctx: Pick<TestContext, 'db'>, id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0];
