import {
  ForecastBatchQuerySchema,
  ForecastBatchSchema,
  ForecastSchema,
  ProductIdParamsSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { ForecastService } from './forecast.service.ts';

const tags = ['forecast'];

export const forecastRoutes: FastifyPluginAsyncZod<{ service: ForecastService }> = async (
  app,
  { service },
) => {
  // Sessions and API tokens, read-only ones too: both routes only read.
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/forecast',
    {
      schema: {
        tags,
        summary:
          'When the product’s open tasks will be done (50 % and 85 %), by a seeded Monte Carlo simulation of its last 12 weeks’ daily completions, with the same method backtested at weekly cut-offs over the last 12 weeks; to whoever sees the product',
        params: ProductIdParamsSchema,
        response: { 200: ForecastSchema },
      },
    },
    async (req) => service.one(currentUser(req), req.params.id),
  );

  app.get(
    '/forecasts',
    {
      schema: {
        tags,
        summary:
          'The forecasts (without distribution and samples) of at most 300 products, `productIds=id,id`; those the caller does not see are left out',
        querystring: ForecastBatchQuerySchema,
        response: { 200: ForecastBatchSchema },
      },
    },
    async (req) => ({ forecasts: await service.batch(currentUser(req), req.query.productIds) }),
  );
};
