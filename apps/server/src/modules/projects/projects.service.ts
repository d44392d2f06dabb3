import type { Product, ProductList } from '@shipyard/shared';
import type { ProductRow } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { ProjectsRepository } from './projects.repository.ts';

/** The API's product: the field names the spec's screens read. Progress follows the tasks (none yet: 0). */
export function toProduct(row: ProductRow, progress = 0): Product {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    priority: row.priority,
    team_size: row.teamSize,
    progress,
    start_date: row.startDate,
    target_end_date: row.targetEndDate,
    created_by: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createProjectsService({ projects }: { projects: ProjectsRepository }) {
  return {
    async list(actor: SessionUser, page: number, limit: number): Promise<ProductList> {
      const { rows, total } = await projects.list(actor, page, limit);
      return { data: rows.map((row) => toProduct(row)), total, page, limit };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
