import {
  ActivityListSchema,
  ActivityLogQuerySchema,
  ActivitySchema,
  CreateActivitySchema,
  productMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Clock } from '../../lib/clock.ts';
import { exportFileName, exportRateLimit, sendCsv } from '../../lib/csv.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ActivitiesService } from './activities.service.ts';

const tags = ['activities'];
const ProductParamsSchema = z.object({ productId: z.uuid(productMessages.notFound) });

export const activitiesRoutes: FastifyPluginAsyncZod<{ service: ActivitiesService; clock: Clock }> = async (
  app,
  { service, clock },
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
    '/activities/export.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary:
          'The activity log as CSV with the same filters (limit ignored): every entry the caller sees, all pages, newest first, streamed',
        querystring: ActivityLogQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('activity', clock.now()),
        chunks: service.exportCsv(currentUser(req), req.query),
      }),
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
