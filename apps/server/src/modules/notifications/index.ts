import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { createNotificationJobs, NOTIFICATION_SCHEDULE } from './notifications.jobs.ts';
import { unsubscribeTokens } from './notifications.mail.ts';
import { createNotifier, type Notifier } from './notifications.notifier.ts';
import { preferencesRoutes, unsubscribeRoutes } from './notifications.preferences.routes.ts';
import { createPreferencesService } from './notifications.preferences.service.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createNotificationSettings } from './notifications.settings.ts';
import { createProductStageNotice, type ProductStageNotice } from './notifications.stage.ts';

export type { Notifier } from './notifications.notifier.ts';
export type { ProductStageNotice } from './notifications.stage.ts';

/**
 * The notification centre; `notifier` is what other modules use to notify someone, `jobs` the
 * queue's handlers and schedule for mail, digests and reminders (app.ts starts the queue).
 */
export function notificationsModule(ctx: ModuleContext & { secrets: Pick<SecretBox, 'sign'> }): AppModule & {
  notifier: Notifier;
  productStage: ProductStageNotice;
  jobs: ReturnType<typeof createNotificationJobs> & { schedule: typeof NOTIFICATION_SCHEDULE };
} {
  const { db, changes, config } = ctx;
  const notifications = createNotificationsRepository(db);
  const settings = createNotificationSettings(db);
  const tokens = unsubscribeTokens(ctx.secrets);
  const notifier = createNotifier(notifications, settings, db);
  const service = createNotificationsService({ db, notifications, changes });
  const preferences = createPreferencesService({ db, settings, tokens });
  const jobs = createNotificationJobs({
    ...ctx,
    settings,
    notifier,
    tokens,
    appUrl: config.appUrl,
    digestHour: config.digestHour,
  });
  const routes = routesModule(notificationsRoutes, { service });
  return {
    notifier,
    productStage: createProductStageNotice(notifier),
    jobs: { ...jobs, schedule: NOTIFICATION_SCHEDULE },
    async register(api) {
      await routes.register(api);
      await api.register(preferencesRoutes, { service: preferences });
      await api.register(unsubscribeRoutes, { service: preferences, appUrl: config.appUrl });
    },
  };
}
