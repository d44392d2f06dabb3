import {
  CHAT_TESTS_PER_MINUTE,
  CHAT_WRITES_PER_MINUTE,
  ChatDestinationListSchema,
  ChatDestinationParamsSchema,
  ChatDestinationSchema,
  ChatProductParamsSchema,
  ChatTestResultSchema,
  CreateChatDestinationSchema,
  chatMessages,
  DeliveryListSchema,
  DeliveryQuerySchema,
  UpdateChatDestinationSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireBrowserSession, requireSession } from '../../lib/session.ts';
import type { ChatService } from './chat.service.ts';

const tags = ['chat'];
const managers = 'by the product’s creator or an admin (others 403; archived product 409)';
const writes = () =>
  perUserRateLimit(CHAT_WRITES_PER_MINUTE, '1 minute', chatMessages.writesLimited, 'CHAT_RATE_LIMITED');

export const chatRoutes: FastifyPluginAsyncZod<{ service: ChatService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/chat-destinations',
    {
      schema: {
        tags,
        summary:
          'A product’s chat destinations, oldest first, for whoever sees the product (the URL never: its host only), and whether the caller manages them',
        params: ChatProductParamsSchema,
        response: { 200: ChatDestinationListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id),
  );

  app.post(
    '/projects/:id/chat-destinations',
    {
      // Where messages go is set by a person, never by an API token (docs/security.md).
      onRequest: requireBrowserSession,
      config: writes(),
      schema: {
        tags,
        summary: `Add a chat destination (at most 10 a product: 409; a URL the webhook rule refuses: 400; a browser session only, an API token 403), ${managers}`,
        params: ChatProductParamsSchema,
        body: CreateChatDestinationSchema,
        response: { 201: ChatDestinationSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body)),
  );

  app.patch(
    '/chat-destinations/:id',
    {
      onRequest: requireBrowserSession,
      config: writes(),
      schema: {
        tags,
        summary: `Edit a chat destination (an omitted URL is kept; a browser session only, an API token 403), ${managers}`,
        params: ChatDestinationParamsSchema,
        body: UpdateChatDestinationSchema,
        response: { 200: ChatDestinationSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/chat-destinations/:id',
    {
      config: writes(),
      schema: {
        tags,
        summary: `Delete a chat destination and its delivery log (what is pending is not sent), ${managers}`,
        params: ChatDestinationParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/chat-destinations/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          'A chat destination’s delivery log, newest first, by the product’s creator or an admin (others 403)',
        params: ChatDestinationParamsSchema,
        querystring: DeliveryQuerySchema,
        response: { 200: DeliveryListSchema },
      },
    },
    async (req) => service.deliveries(currentUser(req), req.params.id, req.query),
  );

  app.post(
    '/chat-destinations/:id/test',
    {
      config: perUserRateLimit(
        CHAT_TESTS_PER_MINUTE,
        '1 minute',
        chatMessages.testsLimited,
        'CHAT_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary: `Send one test message now (10 s timeout, not retried) and answer how it went; it is in the delivery log too, ${managers}`,
        params: ChatDestinationParamsSchema,
        response: { 200: ChatTestResultSchema },
      },
    },
    async (req) => service.test(currentUser(req), req.params.id),
  );
};
