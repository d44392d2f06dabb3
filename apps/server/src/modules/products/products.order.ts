import type { ProductStatus } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.ts';
import type { RankColumn } from '../../lib/rank.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

// The products board's stage columns in their manual order (issue 28,
// docs/decisions/033-manual-order.md): by rank, ties by id (products_status_rank_idx).

/**
 * A stage column of the products board, as lib/rank.ts moves cards in it: every product of the
 * stage (whoever sees which); the cards a move names as neighbours must be ones the mover sees.
 */
export const productColumn = (status: ProductStatus, viewer: Viewer): RankColumn => ({
  table: products,
  id: products.id,
  rank: products.rank,
  where: sql`${products.status} = ${status}`,
  lock: { space: 29, key: status },
  neighbour: visibleProducts(viewer),
});
