import {
  CreateTimeEntrySchema,
  ProductIdParamsSchema,
  StartTimerSchema,
  TaskIdParamsSchema,
  TaskListTimeSchema,
  TaskQuerySchema,
  TaskTimeSchema,
  TimeEntryIdParamsSchema,
  TimeEntrySchema,
  TimeReportQuerySchema,
  TimeReportSchema,
  TimerStateSchema,
  TimesheetQuerySchema,
  TimesheetSchema,
  UpdateTimeEntrySchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRateLimit, sendCsv } from '../../lib/csv.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { TimeReports } from './time.reports.ts';
import type { TimeService } from './time.service.ts';

const tags = ['time'];
const who = 'members and admins who see the task’s product (guests: 403; archived product: 409)';
const own = 'its author only (403 for anyone else; 404 for an entry of a task out of sight)';

export const timeRoutes: FastifyPluginAsyncZod<{ service: TimeService; reports: TimeReports }> = async (
  app,
  { service, reports },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/time',
    {
      schema: {
        tags,
        summary:
          'A task’s logged time: its estimate, totals (everyone’s and the caller’s) and newest entries',
        params: TaskIdParamsSchema,
        response: { 200: TaskTimeSchema },
      },
    },
    async (req) => service.ofTask(currentUser(req), req.params.id),
  );

  app.post(
    '/tasks/:id/time',
    {
      schema: {
        tags,
        summary: `Log time on a task by hand (a day up to today, 1 minute to 24 hours, a note), by ${who}; answers the task’s time`,
        params: TaskIdParamsSchema,
        body: CreateTimeEntrySchema,
        response: { 201: TaskTimeSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body)),
  );

  app.patch(
    '/time-entries/:id',
    {
      schema: {
        tags,
        summary: `Change a logged entry’s day, duration or note, by ${own}`,
        params: TimeEntryIdParamsSchema,
        body: UpdateTimeEntrySchema,
        response: { 200: TimeEntrySchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/time-entries/:id',
    {
      schema: {
        tags,
        summary: `Delete a logged entry, by ${own}`,
        params: TimeEntryIdParamsSchema,
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me/timer',
    {
      schema: {
        tags,
        summary:
          'The caller’s running timer and its task, or null (a timer of a task out of sight is not shown)',
        response: { 200: TimerStateSchema },
      },
    },
    async (req) => service.timer(currentUser(req)),
  );

  app.post(
    '/tasks/:id/timer',
    {
      schema: {
        tags,
        summary: `Start the caller’s timer on a task, by ${who}; a timer running on another task is stopped and logged first (answered as stopped)`,
        params: TaskIdParamsSchema,
        body: StartTimerSchema,
        response: { 200: TimerStateSchema },
      },
    },
    async (req) => service.start(currentUser(req), req.params.id, req.body ?? {}),
  );

  app.delete(
    '/me/timer',
    {
      schema: {
        tags,
        summary: 'Stop the caller’s timer and log what ran (at most 24 hours); 404 when none runs',
        response: { 200: TimerStateSchema },
      },
    },
    async (req) => service.stop(currentUser(req)),
  );

  app.get(
    '/time/timesheet',
    {
      schema: {
        tags,
        summary:
          'A person’s ISO week (this one by default): tasks × days in seconds, with totals; the caller’s own, or anyone’s for admins; only tasks the caller sees',
        querystring: TimesheetQuerySchema,
        response: { 200: TimesheetSchema },
      },
    },
    async (req) => reports.timesheet(currentUser(req), req.query),
  );

  app.get(
    '/time/timesheet.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary: 'The timesheet’s entries as CSV, one row each (same query)',
        querystring: TimesheetQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { week, chunks, total } = await reports.timesheetCsv(currentUser(req), req.query);
      return sendCsv(reply, { fileName: `shipyard-timesheet-${week}.csv`, chunks, total });
    },
  );

  app.get(
    '/time/tasks-total',
    {
      schema: {
        tags,
        summary:
          'The time logged on the tasks a list matches (the query of GET /tasks/all: filters and presets; paging, sort and grouping ignored), in the products the caller sees; 404 for a productId they do not see',
        querystring: TaskQuerySchema,
        response: { 200: TaskListTimeSchema },
      },
    },
    async (req) => reports.listTotal(currentUser(req), req.query),
  );

  app.get(
    '/projects/:id/time-report',
    {
      schema: {
        tags,
        summary:
          'A product’s logged time over a period (the last 30 days by default, at most 366): per person and per task, to whoever sees the product',
        params: ProductIdParamsSchema,
        querystring: TimeReportQuerySchema,
        response: { 200: TimeReportSchema },
      },
    },
    async (req) => reports.report(currentUser(req), req.params.id, req.query),
  );

  app.get(
    '/projects/:id/time-report.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary: 'The time report’s entries as CSV, one row each (same period)',
        params: ProductIdParamsSchema,
        querystring: TimeReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { from, to, chunks, total } = await reports.reportCsv(currentUser(req), req.params.id, req.query);
      return sendCsv(reply, { fileName: `shipyard-time-${from}-to-${to}.csv`, chunks, total });
    },
  );
};
