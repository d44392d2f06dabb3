import {
  ActivityListSchema,
  ActivityLogQuerySchema,
  ActivitySchema,
  CreateActivitySchema,
  productMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ActivitiesService } from './activities.service.ts';

const tags = ['activities'];
const ProductParamsSchema = z.object({ productId: z.uuid(productMessages.notFound) });

export const activitiesRoutes: FastifyPluginAsyncZod<{ service: ActivitiesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/activities',
    {
      schema: {
        tags,
        summary: 'Record an entry on a product the caller sees (not guests)',
        body: CreateActivitySchema,
        response: { 201: z.object({ data: ActivitySchema }) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await service.create(currentUser(req), req.body) }),
  );

  app.get(
    '/activities/product/:productId',
    {
      schema: {
        tags,
        summary: "A product's activity timeline, newest first (at most 100)",
        params: ProductParamsSchema,
        response: { 200: z.object({ data: z.array(ActivitySchema) }) },
      },
    },
    async (req) => ({ data: await service.listForProduct(currentUser(req), req.params.productId) }),
  );

  app.get(
    '/activities',
    {
      schema: {
        tags,
        summary: 'The activity log over the products the caller sees, newest first',
        querystring: ActivityLogQuerySchema,
        response: { 200: ActivityListSchema },
      },
    },
    async (req) => service.log(currentUser(req), req.query),
  );
};
