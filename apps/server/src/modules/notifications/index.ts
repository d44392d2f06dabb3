import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { Notifier } from './notifications.notifier.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

export type { Notifier } from './notifications.notifier.ts';

/** The notification centre; `notifier` is what other modules use to notify someone. */
export function notificationsModule({ db, changes }: ModuleContext): AppModule & { notifier: Notifier } {
  const notifications = createNotificationsRepository(db);
  const service = createNotificationsService({ db, notifications, changes });
  return {
    notifier: notifications,
    ...routesModule(notificationsRoutes, { service }),
  };
}
