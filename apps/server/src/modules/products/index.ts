import { createFreshCache } from '../../lib/fresh-cache.ts';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { ProductStageNotice } from '../notifications/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { createProductsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';

type Deps = ModuleContext & {
  activities: ActivityRecorder;
  files: DocumentFiles;
  outbox: WebhookOutbox;
  productStage: ProductStageNotice;
};

/**
 * How long a computed products list is served at most without a write, and how many (caller,
 * filters) keys each process keeps (docs/decisions/023-request-hot-path.md).
 */
export const PRODUCT_LIST_CACHE = { maxAgeMs: 5_000, maxEntries: 100 };

/** Products (served under /api/projects). */
export function productsModule({
  db,
  clock,
  changes,
  activities,
  files,
  outbox,
  productStage,
}: Deps): AppModule {
  const service = createProductsService({
    db,
    products: createProductsRepository(db),
    activities,
    files,
    outbox,
    changes,
    productStage,
    listCache: createFreshCache(db, { ...PRODUCT_LIST_CACHE, now: () => clock.now().getTime() }),
  });
  return routesModule(productsRoutes, { service, clock });
}
