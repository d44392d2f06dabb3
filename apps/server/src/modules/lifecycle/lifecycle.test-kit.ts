import { activities } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import type { Req, Signed } from '../../testing/http.ts';
import type { TestContext } from '../../testing/test-app.ts';

// What the lifecycle tests share: activity entries dated in the past, products moved through stages.

export const get = (url: string): Req => ({ method: 'GET', url });
export const DAY = 86_400_000;
export const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
export type Stay = {
  stage: string;
  entered_at: string;
  left_at: string | null;
  days: number;
  overridden: boolean;
  override_reason: string | null;
  entered_by: { name: string } | null;
  product_id: string;
};

export function lifecycleKit(ctx: Pick<TestContext, 'db'>) {
  async function log(
    productId: string,
    actionType: string,
    metadata: Record<string, unknown>,
    at: Date,
    by?: Signed,
  ) {
    await ctx.db.insert(activities).values({
      actionType,
      description: actionType,
      metadata,
      productId,
      performedBy: by?.user.id ?? null,
      createdAt: at,
    });
  }

  /** A product created `age` days ago in planning, moved on the board through `moves` ([stage, days ago]). */
  async function productWithMoves(owner: Signed, name: string, age: number, moves: [string, number][]) {
    const last = moves.at(-1);
    const product = await createProduct(ctx, owner.user.id, {
      name,
      status: (last?.[0] ?? 'planning') as 'planning',
      createdAt: daysAgo(age),
      stageEnteredAt: daysAgo(last?.[1] ?? age),
    });
    await log(product.id, 'prd_created', { status: 'planning' }, daysAgo(age), owner);
    let from = 'planning';
    for (const [to, ago] of moves) {
      await log(product.id, 'status_changed', { previousStatus: from, newStatus: to }, daysAgo(ago), owner);
      from = to;
    }
    return product;
  }

  return { log, productWithMoves };
}
