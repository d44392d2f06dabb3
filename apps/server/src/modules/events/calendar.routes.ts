import {
  CALENDAR_FEED_DAYS_AFTER,
  CALENDAR_FEED_DAYS_BEFORE,
  CALENDAR_FEED_ITEMS_MAX,
  CALENDAR_TASK_LIMIT,
  CALENDAR_TASK_RANGE_MAX_DAYS,
  CalendarFeedCreatedSchema,
  CalendarFeedParamsSchema,
  CalendarFeedStatusSchema,
  CalendarTaskListSchema,
  CalendarTaskQuerySchema,
  calendarMessages,
  MessageResponseSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireBrowserSession, requireSession } from '../../lib/session.ts';
import type { CalendarService } from './calendar.service.ts';

const tags = ['events'];
// requireBrowserSession answers 401 without a session too. Never a hook array shared between
// routes: @fastify/rate-limit pushes each limited route's hook into it.
/** Creating, regenerating and turning off the feed, per account. */
const feedWrites = perUserRateLimit(
  10,
  '1 minute',
  'Too many changes. Please wait a minute and try again.',
  'RATE_LIMITED',
);

type Options = {
  service: CalendarService;
  /** Feed fetches per address per minute (calendar services fetch for many people from one address). */
  feedPerMinute: number;
};

/** Tasks on /calendar and the personal iCalendar feed (docs/decisions/017-calendar-feed.md). */
export const calendarRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, feedPerMinute }) => {
  app.get(
    '/calendar/tasks',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: `The tasks due on the days from..to (at most ${CALENDAR_TASK_RANGE_MAX_DAYS} days) in the products the caller sees; of one product (productId) and/or assigned to the caller (mine=true); by day and title, at most ${CALENDAR_TASK_LIMIT}`,
        querystring: CalendarTaskQuerySchema,
        response: { 200: CalendarTaskListSchema },
      },
    },
    async (req) => service.listTasks(currentUser(req), req.query),
  );

  app.get(
    '/user/calendar-feed',
    {
      onRequest: requireBrowserSession,
      schema: {
        tags,
        summary: 'Whether you have a calendar feed, and since when (never its secret address)',
        response: { 200: CalendarFeedStatusSchema },
      },
    },
    async (req) => service.feedStatus(currentUser(req)),
  );

  app.post(
    '/user/calendar-feed',
    {
      onRequest: requireBrowserSession,
      config: feedWrites,
      schema: {
        tags,
        summary:
          'Create your calendar feed, or regenerate it: the secret address is in this answer only, and the previous one stops working at once',
        response: { 201: CalendarFeedCreatedSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createFeed(currentUser(req))),
  );

  app.delete(
    '/user/calendar-feed',
    {
      onRequest: requireBrowserSession,
      config: feedWrites,
      schema: {
        tags,
        summary: 'Turn your calendar feed off: its address stops working at once (404 when there is none)',
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.removeFeed(currentUser(req));
      return { message: calendarMessages.feedTurnedOff };
    },
  );

  app.get(
    '/calendar/feed/:file',
    {
      config: {
        rateLimit: {
          max: feedPerMinute,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', calendarMessages.feedRateLimited),
        },
      },
      schema: {
        tags,
        summary: `A personal calendar feed (iCalendar, signed out: the address is the secret): from ${CALENDAR_FEED_DAYS_BEFORE} days ago to ${CALENDAR_FEED_DAYS_AFTER} days ahead, the events its owner may see, the target dates of their products and the tasks assigned to them, at most ${CALENDAR_FEED_ITEMS_MAX} of each`,
        description: `file is \`<token>.ics\`. A replaced or turned-off address, or a disabled account, is 404. At most ${feedPerMinute} requests a minute per address.`,
        security: [],
        params: CalendarFeedParamsSchema,
        produces: ['text/calendar'],
      },
    },
    async (req, reply) => {
      const body = await service.feed(req.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
};
