import {
  MarkAllReadSchema,
  MessageResponseSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationQuerySchema,
  NotificationSchema,
  notificationMessages,
  UnreadCountSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
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
