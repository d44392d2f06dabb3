import fp from 'fastify-plugin';
import { createPushDelivery } from './push.delivery.ts';
import { createVapidKeys } from './push.keys.ts';
import { createPushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';
import { createPushService } from './push.service.ts';

/**
 * Web push (issue 33, docs/decisions/050-web-push.md): devices, quiet hours, and a delivery
 * channel the notifications module tells of every new notification.
 */
export const pushModule = fp(
  async (app) => {
    const { db, config, clock, secrets, notifications } = app;
    const repo = createPushRepository(db);
    const vapidKeys = createVapidKeys(db, secrets, config.push.vapidKeys);
    const allowPrivate = config.webhookAllowPrivate;
    const delivery = createPushDelivery({
      repo,
      vapidKeys,
      subject: config.push.subject,
      deliveryCheck: notifications.deliveryCheck,
      clock,
      allowPrivate,
      log: app.log,
    });
    notifications.addChannel(delivery.channel);
    app.jobs.handle(delivery.handlers);
    const service = createPushService({ db, repo, vapidKeys, allowPrivate });
    await app.register(pushRoutes, { prefix: '/api', service });
  },
  { name: 'push', dependencies: ['platform', 'notifications'] },
);
