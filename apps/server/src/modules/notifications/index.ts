import fp from 'fastify-plugin';
import { createDeliveryCheck, type DeliveryCheck } from './notifications.access.ts';
import { createInboxService, createWakeHandlers } from './notifications.inbox.ts';
import { createNotificationJobs, NOTIFICATION_SCHEDULE } from './notifications.jobs.ts';
import { unsubscribeTokens } from './notifications.mail.ts';
import { createNotifier, type DeliveryChannel, type Notifier } from './notifications.notifier.ts';
import { preferencesRoutes, unsubscribeRoutes } from './notifications.preferences.routes.ts';
import { createPreferencesService } from './notifications.preferences.service.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createNotificationSettings } from './notifications.settings.ts';
import { createProductStageNotice, type ProductStageNotice } from './notifications.stage.ts';

export type { DeliveryCheck, Notice } from './notifications.access.ts';
export type { DeliveryChannel, NewNotification, Notifier } from './notifications.notifier.ts';
export type { ProductStageNotice } from './notifications.stage.ts';
export { notificationTexts, reminderTexts } from './notifications.texts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: {
      /** How other modules notify someone, in their transaction. */
      notifier: Notifier;
      /** PRODUCT_STAGE to a moved product's people (the products module). */
      productStage: ProductStageNotice;
      /** The five-minute scan for reminders and digests, at the app's clock (tests call it). */
      scan: () => Promise<void>;
      /** Plugs in another way notifications reach people (push); at boot, before any request. */
      addChannel: (channel: DeliveryChannel) => void;
      /** At send time: the recipient, if still enabled and allowed to see what it is about. */
      deliveryCheck: DeliveryCheck;
    };
  }
}

/**
 * The notification centre; its mail, digests and reminders are jobs it hands the platform's
 * queue (docs/decisions/016-notification-mail.md).
 */
export const notificationsModule = fp(
  async (app) => {
    const { db, changes, config } = app;
    const notifications = createNotificationsRepository(db);
    const settings = createNotificationSettings(db);
    const tokens = unsubscribeTokens(app.secrets);
    const channels: DeliveryChannel[] = [];
    const notifier = createNotifier(notifications, settings, db, channels);
    const deliveryCheck = createDeliveryCheck(db, settings);
    const jobs = createNotificationJobs({
      db,
      clock: app.clock,
      mailer: app.mailer,
      changes,
      log: app.log,
      settings,
      notifier,
      deliveryCheck,
      tokens,
      appUrl: config.appUrl,
      digestHour: config.digestHour,
    });
    app.jobs.handle(jobs.handlers, NOTIFICATION_SCHEDULE);
    app.jobs.handle(createWakeHandlers(notifications, changes));
    app.decorate('notifications', {
      notifier,
      productStage: createProductStageNotice(notifier),
      scan: jobs.scan,
      addChannel: (channel) => void channels.push(channel),
      deliveryCheck,
    });
    const service = createNotificationsService({ db, notifications, changes });
    const preferences = createPreferencesService({ db, settings, tokens });
    const inbox = createInboxService({ db, notifications, changes, clock: app.clock });
    await app.register(notificationsRoutes, { prefix: '/api', service, inbox });
    await app.register(preferencesRoutes, { prefix: '/api', service: preferences });
    await app.register(unsubscribeRoutes, { prefix: '/api', service: preferences, appUrl: config.appUrl });
  },
  { name: 'notifications', dependencies: ['platform'] },
);
