import {
  CreateServiceSchema,
  DeliveryListSchema,
  DeliveryQuerySchema,
  MessageResponseSchema,
  ServiceFiltersSchema,
  ServiceIdParamsSchema,
  ServiceListSchema,
  ServiceSchema,
  ServiceStatusUpdateSchema,
  ServiceWithSecretSchema,
  SigningSecretSchema,
  serviceMessages,
  UpdateServiceSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta, requireBrowserSession, requireSession } from '../../lib/session.ts';
import type { ServicesService } from './services.service.ts';

const tags = ['services'];

export const servicesRoutes: FastifyPluginAsyncZod<{ service: ServicesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);
  // Where a webhook sends every product's changes, and the secret that signs them, outlive any
  // token: adding or editing a service and rotating its secret need a browser session (issue 27 #2).
  const onRequest = requireBrowserSession;

  app.get(
    '/services',
    {
      schema: {
        tags,
        summary:
          'Third-party services by name (search on name or description ignoring case, category), with the usage statistics over every service',
        querystring: ServiceFiltersSchema,
        response: { 200: ServiceListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
  );

  app.get(
    '/services/:id',
    {
      schema: {
        tags,
        summary: 'One service; its API key masked, its webhook URL for admins only',
        params: ServiceIdParamsSchema,
        response: { 200: ServiceSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.post(
    '/services',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Add a service (admins; browser session only); the API key is stored encrypted; a Webhook service gets a signing secret, answered this once as `signingSecret`',
        body: CreateServiceSchema,
        response: { 201: ServiceWithSecretSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body, requestMeta(req))),
  );

  app.patch(
    '/services/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Edit a service (admins; browser session only): any field; `apiKey` null removes the key; `productIds` replaces the products',
        params: ServiceIdParamsSchema,
        body: UpdateServiceSchema,
        response: { 200: ServiceWithSecretSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body, requestMeta(req)),
  );

  app.patch(
    '/services/:id/status',
    {
      schema: {
        tags,
        summary: 'Enable (Active) or Disable (Inactive) a service (admins)',
        params: ServiceIdParamsSchema,
        body: ServiceStatusUpdateSchema,
        response: { 200: ServiceSchema },
      },
    },
    async (req) => service.setStatus(currentUser(req), req.params.id, req.body.status),
  );

  app.post(
    '/services/:id/signing-secret',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Replace a Webhook service's signing secret (admins; browser session only); the new one is answered this once",
        params: ServiceIdParamsSchema,
        response: { 200: SigningSecretSchema },
      },
    },
    async (req) => service.rotateSecret(currentUser(req), req.params.id, requestMeta(req)),
  );

  app.delete(
    '/services/:id',
    {
      schema: {
        tags,
        summary: 'Delete a service (admins) with its product links and deliveries',
        params: ServiceIdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.remove(currentUser(req), req.params.id);
      return { message: serviceMessages.deleted };
    },
  );

  app.get(
    '/services/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          "A Webhook service's delivery log (admins), newest first, keyset paging by cursor: event, status, attempts, last status code and error, times",
        params: ServiceIdParamsSchema,
        querystring: DeliveryQuerySchema,
        response: { 200: DeliveryListSchema },
      },
    },
    async (req) => service.deliveries(currentUser(req), req.params.id, req.query),
  );
};
