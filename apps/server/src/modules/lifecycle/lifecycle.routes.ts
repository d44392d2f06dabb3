import {
  FlowDayProductsSchema,
  GateEntriesSchema,
  LifecycleCsvQuerySchema,
  LifecycleDrillQuerySchema,
  LifecycleQuerySchema,
  LifecycleReportSchema,
  ProductIdSchema,
  StageHistorySchema,
  StaysListSchema,
  TaskFlowQuerySchema,
  TaskFlowSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, exportFileName, exportRateLimit } from '../../lib/csv.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import { createSendShared } from '../../lib/shared-response.ts';
import { lifecycleCsv } from './lifecycle.csv.ts';
import type { LifecycleService } from './lifecycle.service.ts';

const tags = ['lifecycle'];
const over =
  'over the products the caller sees now (of a team type with `team`), the last `days` days (default 90, at most 730)';

export const lifecycleRoutes: FastifyPluginAsyncZod<{ service: LifecycleService }> = async (
  app,
  { service },
) => {
  // Sessions and API tokens, as the product routes; every route only reads.
  app.addHook('onRequest', requireSession);
  // Answers shared until a write outdates them (lifecycle.service.ts), kept encoded, with an ETag.
  const sendShared = createSendShared();

  app.get(
    '/projects/:id/stage-history',
    {
      config: { readsFresh: true },
      schema: {
        tags,
        summary:
          'A product’s stays in each stage, from its activity: entered, left, by whom, overrides (404 out of sight)',
        params: ProductIdSchema,
        response: { 200: StageHistorySchema },
      },
    },
    async (req, reply) => sendShared(reply, await service.history(currentUser(req), req.params.id)),
  );

  app.get(
    '/projects/:id/task-flow',
    {
      config: { readsFresh: true },
      schema: {
        tags,
        summary:
          'A product’s tasks per status per day over the last `days` days: its cumulative flow (404 out of sight)',
        params: ProductIdSchema,
        querystring: TaskFlowQuerySchema,
        response: { 200: TaskFlowSchema },
      },
    },
    async (req, reply) =>
      sendShared(reply, await service.taskFlow(currentUser(req), req.params.id, req.query)),
  );

  app.get(
    '/lifecycle',
    {
      config: { readsFresh: true },
      schema: {
        tags,
        summary: `Days per stage (median and spread), gate failure and override rates, products stuck longest and the products’ cumulative flow, ${over}`,
        querystring: LifecycleQuerySchema,
        response: { 200: LifecycleReportSchema },
      },
    },
    async (req, reply) => sendShared(reply, await service.report(currentUser(req), req.query)),
  );

  app.get(
    '/lifecycle/stays',
    {
      config: { readsFresh: true },
      schema: {
        tags,
        summary: `The stays that ended in the window (of a stage with \`stage\`), longest first, ${over}`,
        querystring: LifecycleDrillQuerySchema,
        response: { 200: StaysListSchema },
      },
    },
    async (req, reply) => sendShared(reply, await service.stays(currentUser(req), req.query)),
  );

  app.get(
    '/lifecycle/gates',
    {
      config: { readsFresh: true },
      schema: {
        tags,
        summary: `The stage gates’ decisions in the window (leaving \`stage\`, of one \`decision\`), newest first, ${over}`,
        querystring: LifecycleDrillQuerySchema,
        response: { 200: GateEntriesSchema },
      },
    },
    async (req, reply) => sendShared(reply, await service.gateEntries(currentUser(req), req.query)),
  );

  app.get(
    '/lifecycle/day',
    {
      config: { readsFresh: true },
      schema: {
        tags,
        summary: `The products in each stage at the end of \`date\` (default today), ${over}`,
        querystring: LifecycleDrillQuerySchema,
        response: { 200: FlowDayProductsSchema },
      },
    },
    async (req, reply) => sendShared(reply, await service.day(currentUser(req), req.query)),
  );

  app.get(
    '/lifecycle.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary: `One table of the lifecycle page as CSV (\`table\`: durations, gates, stuck, flow, stays, gate-entries, day; the drill-downs’ filters), ${over}`,
        querystring: LifecycleCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const text = await lifecycleCsv(service, currentUser(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(exportFileName(`lifecycle-${req.query.table}`, new Date())))
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
