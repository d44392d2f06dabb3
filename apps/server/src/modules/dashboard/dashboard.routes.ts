import { DashboardSummarySchema, TeamOverviewItemSchema } from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/dashboard/summary',
    {
      schema: {
        tags,
        summary: 'The four stat cards and their captions, over the products the caller may see',
        response: { 200: DashboardSummarySchema },
      },
    },
    async (req) => service.summary(currentUser(req)),
  );

  app.get(
    '/dashboard/team-overview',
    {
      schema: {
        tags,
        summary: 'Teams of the visible products, newest first (at most 50): lead, active members, 5 of them',
        response: { 200: z.array(TeamOverviewItemSchema) },
      },
    },
    async (req) => service.teamOverview(currentUser(req)),
  );
};
