import fp from 'fastify-plugin';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createProductsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';

/**
 * How long a computed products list is served at most without a write, and how many (caller,
 * filters) keys each process keeps (docs/decisions/023-request-hot-path.md).
 */
const PRODUCT_LIST_CACHE = { maxAgeMs: 5_000, maxEntries: 100 };

/** Products (served under /api/projects). */
export const productsModule = fp(
  async (app) => {
    const { db, clock } = app;
    const service = createProductsService({
      db,
      products: createProductsRepository(db),
      activities: app.activities,
      outbox: app.outbox,
      changes: app.changes,
      productStage: app.notifications.productStage,
      listCache: createFreshCache(db, { ...PRODUCT_LIST_CACHE, now: () => clock.now().getTime() }),
    });
    await app.register(productsRoutes, { prefix: '/api', service, clock });
  },
  { name: 'products', dependencies: ['platform', 'activities', 'services', 'notifications'] },
);
