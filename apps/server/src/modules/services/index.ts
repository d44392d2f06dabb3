import fp from 'fastify-plugin';
import { createDeliveryLog, type DeliveryLog } from './services.deliveries.ts';
import { createWebhookMetrics } from './services.metrics.ts';
import { createWebhookOutbox, type WebhookOutbox } from './services.outbox.ts';
import { createServicesRepository } from './services.repository.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService } from './services.service.ts';
import type { DeliveryTarget } from './services.targets.ts';
import { createWebhookWorker, type WebhookWorker } from './services.worker.ts';

export type { WebhookOutbox } from './services.outbox.ts';
export { apiKeyContext } from './services.service.ts';
export type {
  DeliveryTarget,
  PreparedRequest,
  Refusal,
  WebhookEventInput,
} from './services.targets.ts';
export type { DeliveryResult } from './services.worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where other modules write webhook deliveries, in their change's transaction; and where a
     * module adds a target of its own (issue 33: chat destinations), while the app boots.
     */
    outbox: WebhookOutbox & { addTarget: (target: DeliveryTarget) => void };
    /**
     * The webhook delivery worker of this app; main.ts starts its interval, tests call
     * deliverDue(). `log`: a service's or another target's delivery log.
     */
    webhooks: WebhookWorker & { log: DeliveryLog };
  }
}

/** The services catalogue and its webhooks (docs/decisions/008-webhooks.md). */
export const servicesModule = fp(
  async (app) => {
    const { config, db, clock, changes, secrets, audit } = app;
    const deliveryLog = createDeliveryLog(db);
    const service = createServicesService({
      db,
      services: createServicesRepository(db),
      secrets,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      changes,
      audit,
      deliveryLog,
    });
    const targets: DeliveryTarget[] = [];
    const webhooks = createWebhookWorker({
      db,
      secrets,
      clock,
      allowPrivate: config.webhookAllowPrivate,
      log: app.log,
      onOutcome: createWebhookMetrics(app.metrics.registry, db).outcome,
      targets,
    });
    app.decorate('outbox', {
      ...createWebhookOutbox({ clock, targets }),
      addTarget: (target: DeliveryTarget) => void targets.push(target),
    });
    app.decorate('webhooks', { ...webhooks, log: deliveryLog });
    app.addHook('onClose', async () => webhooks.stop());
    await app.register(servicesRoutes, { prefix: '/api', service });
  },
  { name: 'services', dependencies: ['platform'] },
);
