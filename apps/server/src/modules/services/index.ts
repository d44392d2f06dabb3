import fp from 'fastify-plugin';
import { createWebhookMetrics } from './services.metrics.ts';
import { createWebhookOutbox, type WebhookOutbox } from './services.outbox.ts';
import { createServicesRepository } from './services.repository.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService } from './services.service.ts';
import { createWebhookWorker, type WebhookWorker } from './services.worker.ts';

export type { WebhookEventInput, WebhookOutbox } from './services.outbox.ts';
export { apiKeyContext } from './services.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where other modules write webhook deliveries, in their change's transaction. */
    outbox: WebhookOutbox;
    /** The webhook delivery worker of this app; main.ts starts its interval, tests call deliverDue(). */
    webhooks: WebhookWorker;
  }
}

/** The services catalogue and its webhooks (docs/decisions/008-webhooks.md). */
export const servicesModule = fp(
  async (app) => {
    const { config, db, clock, changes, secrets, audit } = app;
    const service = createServicesService({
      db,
      services: createServicesRepository(db),
      secrets,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      changes,
      audit,
    });
    const webhooks = createWebhookWorker({
      db,
      secrets,
      clock,
      allowPrivate: config.webhookAllowPrivate,
      log: app.log,
      onOutcome: createWebhookMetrics(app.metrics.registry, db).outcome,
    });
    app.decorate('outbox', createWebhookOutbox({ clock }));
    app.decorate('webhooks', webhooks);
    app.addHook('onClose', async () => webhooks.stop());
    await app.register(servicesRoutes, { prefix: '/api', service });
  },
  { name: 'services', dependencies: ['platform'] },
);
