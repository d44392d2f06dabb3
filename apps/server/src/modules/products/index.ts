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
  });
  return routesModule(productsRoutes, { service, clock });
}
