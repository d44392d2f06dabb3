import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

export function createProjectsRepository(db: Db) {
  return {
    async list(viewer: Viewer, page: number, limit: number) {
      const where = visibleProducts(viewer);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
