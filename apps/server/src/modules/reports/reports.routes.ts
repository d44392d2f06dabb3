import {
  ReportParamsSchema,
  ReportPeriodQuerySchema,
  ReportQuerySchema,
  ReportSchema,
  type ReportType,
} from '@shipyard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSendShared } from '../../lib/fresh-cache.ts';
import { currentUser, requestMeta, requireSession } from '../../lib/session.ts';
import type { AuditLog } from '../../platform/audit.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['reports'];
const types = 'project-status, team-productivity, milestone-analysis or resource-allocation';
const period = 'from and to are YYYY-MM-DD (UTC days, both included); by default the last 90 days';

export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService; audit: AuditLog }> = async (
  app,
  { service, audit },
) => {
  app.addHook('onRequest', requireSession);
  // Before the query is even validated: a caller who may not read reports learns nothing else.
  app.addHook('onRequest', async (req) => service.authorize(currentUser(req)));
  const sendShared = createSendShared();

  const sendCsv = async (
    req: FastifyRequest,
    reply: FastifyReply,
    file: Promise<{ fileName: string; body: string }>,
  ): Promise<FastifyReply> => {
    const { fileName, body } = await file;
    // Exports are audited (docs/decisions/013-accounts.md).
    const actor = currentUser(req);
    await audit.record({
      action: 'export',
      actor: { id: actor.id, email: actor.email },
      target: { type: 'report', id: fileName, label: fileName },
      meta: requestMeta(req),
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  };

  // The static suffix first: /reports/x.csv never reaches /reports/:type (find-my-way's rule).
  app.get(
    '/reports/:type.csv',
    {
      schema: {
        tags,
        summary: `The report's table as a CSV attachment (super admins): type is ${types}; ${period}`,
        params: ReportParamsSchema,
        querystring: ReportPeriodQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => sendCsv(req, reply, service.csv(currentUser(req), req.params.type, req.query)),
  );

  app.get(
    '/reports/:type',
    {
      schema: {
        tags,
        summary: `A report's summary, table and charts (super admins): type is ${types}; ${period}; format=csv answers the CSV`,
        params: ReportParamsSchema,
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema },
      },
    },
    async (req, reply) => {
      const type: ReportType = req.params.type;
      if (req.query.format === 'csv')
        return sendCsv(req, reply, service.csv(currentUser(req), type, req.query));
      const report = await service.report(currentUser(req), type, req.query);
      return sendShared(reply, report);
    },
  );
};
