import { isAdmin, type Role } from '@shipyard/shared';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

type Viewer = { id: string; role: Role };

/**
 * The products a user may see (ARCHITECTURE §5): admins all, everyone else what they created.
 * Team membership joins this predicate when teams exist (docs/data-model.md, Visibility).
 */
export function visibleTo(viewer: Viewer): SQL | undefined {
  return isAdmin(viewer.role) ? undefined : eq(products.createdBy, viewer.id);
}

export function createProjectsRepository(db: Db) {
  return {
    async list(viewer: Viewer, page: number, limit: number) {
      const where = visibleTo(viewer);
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
