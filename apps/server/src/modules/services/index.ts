import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { createWebhookOutbox, type WebhookOutbox } from './services.outbox.ts';
import { createServicesRepository } from './services.repository.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService } from './services.service.ts';

export type { WebhookOutbox } from './services.outbox.ts';

type Deps = ModuleContext & { secrets: SecretBox };

/**
 * The services catalogue and its webhooks. Its entry point: `outbox`, where other modules write
 * webhook deliveries in their change's transaction (docs/decisions/008-webhooks.md).
 */
export function servicesModule({ config, db, clock, changes, secrets, audit }: Deps): AppModule & {
  outbox: WebhookOutbox;
} {
  const service = createServicesService({
    db,
    services: createServicesRepository(db),
    secrets,
    allowPrivateWebhooks: config.webhookAllowPrivate,
    changes,
    audit,
  });
  return {
    outbox: createWebhookOutbox({ clock }),
    ...routesModule(servicesRoutes, { service }),
  };
}
