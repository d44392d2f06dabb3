import {
  MarkAllReadSchema,
  MessageResponseSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationQuerySchema,
  NotificationSchema,
  notificationMessages,
  SnoozeBodySchema,
  UnreadCountSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { InboxService } from './notifications.inbox.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{
  service: NotificationsService;
  inbox: InboxService;
}> = async (app, { service, inbox }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary:
          "The caller's notifications, newest first (unread=true: only unread), keyset paging by cursor, with the unread count",
        querystring: NotificationQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        response: { 200: UnreadCountSchema },
      },
    },
    async (req) => service.unreadCount(currentUser(req)),
  );

  app.patch(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: "Mark all of the caller's notifications as read",
        response: { 200: MarkAllReadSchema },
      },
    },
    async (req) => service.markAllRead(currentUser(req)),
  );

  app.patch(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications as read (again: no change)',
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema },
      },
    },
    async (req) => service.markRead(currentUser(req), req.params.id),
  );

  // The inbox's triage (issue 30): the caller's own only, 404 for anyone else's. Their writes
  // count in the per-account write budget like the routes above (platform/rate-limit.ts).
  const one = { tags, params: NotificationIdParamsSchema, response: { 200: NotificationSchema } };
  app.patch(
    '/notifications/:id/unread',
    { schema: { ...one, summary: 'Mark one of the caller’s notifications as unread' } },
    async (req) => inbox.markUnread(currentUser(req), req.params.id),
  );
  app.patch(
    '/notifications/:id/done',
    { schema: { ...one, summary: 'Mark done: read and out of the inbox (listed by filter=done)' } },
    async (req) => inbox.done(currentUser(req), req.params.id),
  );
  app.delete(
    '/notifications/:id/done',
    { schema: { ...one, summary: 'Back in the inbox from done' } },
    async (req) => inbox.undone(currentUser(req), req.params.id),
  );
  app.patch(
    '/notifications/:id/snooze',
    {
      schema: {
        ...one,
        body: SnoozeBodySchema,
        summary: 'Hide until `until` (future, within 90 days); it then comes back unread',
      },
    },
    async (req) => inbox.snooze(currentUser(req), req.params.id, req.body.until),
  );
  app.delete(
    '/notifications/:id/snooze',
    { schema: { ...one, summary: 'Back in the inbox now' } },
    async (req) => inbox.unsnooze(currentUser(req), req.params.id),
  );

  // The spec's path (§7.5), and the REST-natural one.
  for (const url of ['/notifications/:id/delete', '/notifications/:id']) {
    app.delete(
      url,
      {
        schema: {
          tags,
          summary: 'Delete one of the caller’s notifications',
          params: NotificationIdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (req) => {
        await service.remove(currentUser(req), req.params.id);
        return { message: notificationMessages.deleted };
      },
    );
  }
};
