import fp from 'fastify-plugin';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createProductsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { createProductsService, type ProductsService } from './products.service.ts';
import type { StageGuard } from './products.stage-guards.ts';

export type { StageMove } from './products.stage-guards.ts';

declare module 'fastify' {
  interface FastifyInstance {
    products: {
      /** POST /projects's create in the caller's transaction (issue 29: a product from a template). */
      createWithin: ProductsService['createWithin'];
      /** Checks every move to another stage (issue 32: stage gates); at boot, before any request. */
      addStageGuard: (guard: StageGuard) => void;
    };
  }
}

/**
 * How long a computed products list is served at most without a write, and how many (caller,
 * filters) keys each process keeps (docs/decisions/023-request-hot-path.md).
 */
const PRODUCT_LIST_CACHE = { maxAgeMs: 5_000, maxEntries: 100 };

/** Products (served under /api/projects). */
export const productsModule = fp(
  async (app) => {
    const { db, clock } = app;
    const stageGuards: StageGuard[] = [];
    const service = createProductsService({
      db,
      products: createProductsRepository(db),
      activities: app.activities,
      outbox: app.outbox,
      changes: app.changes,
      productStage: app.notifications.productStage,
      stageGuards,
      listCache: createFreshCache(db, { ...PRODUCT_LIST_CACHE, now: () => clock.now().getTime() }),
    });
    app.decorate('products', {
      createWithin: service.createWithin,
      addStageGuard: (guard) => void stageGuards.push(guard),
    });
    await app.register(productsRoutes, { prefix: '/api', service, clock });
  },
  { name: 'products', dependencies: ['platform', 'activities', 'services', 'notifications'] },
);
