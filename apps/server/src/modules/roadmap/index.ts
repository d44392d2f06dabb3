import fp from 'fastify-plugin';
import { createRoadmapRepository } from './roadmap.repository.ts';
import { roadmapRoutes } from './roadmap.routes.ts';
import { createRoadmapService } from './roadmap.service.ts';

/**
 * The roadmap across products (issue 31, docs/decisions/056-roadmap.md): planned days per product
 * and stage, and one timeline of every product the caller sees. A product's target date moves
 * through PATCH /api/projects/{id} (modules/products), which records it.
 */
export const roadmapModule = fp(
  async (app) => {
    const service = createRoadmapService({
      db: app.db,
      roadmap: createRoadmapRepository(app.db),
      activities: app.activities,
      changes: app.changes,
      clock: app.clock,
    });
    await app.register(roadmapRoutes, { prefix: '/api', service });
  },
  { name: 'roadmap', dependencies: ['platform', 'activities'] },
);
