import {
  CreateEventSchema,
  EventIdParamsSchema,
  EventListSchema,
  EventRangeQuerySchema,
  EventSchema,
  eventMessages,
  MessageResponseSchema,
  OccurrenceParamsSchema,
  OccurrenceScopeQuerySchema,
  UpdateEventSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { EventsService } from './events.service.ts';

const tags = ['events'];

export const eventsRoutes: FastifyPluginAsyncZod<{ service: EventsService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary:
          "The calendar's items on the days from..to (at most 400 days; default from 30 days ago for 120 days): the events the caller created, is a participant of (by e-mail) or whose product they see, and the visible products' target end dates as read-only milestones (source 'product'); by date, start time, title",
        querystring: EventRangeQuerySchema,
        response: { 200: EventListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags,
        summary: 'One event the caller may see',
        params: EventIdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.post(
    '/events',
    {
      schema: {
        tags,
        summary:
          "Schedule an event (not guests); createdBy is the caller; a product must be one the caller sees, and its timeline records 'event_scheduled'",
        body: CreateEventSchema,
        response: { 201: EventSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  app.patch(
    '/events/:id',
    {
      schema: {
        tags,
        summary:
          'Edit an event: any subset of the fields, any of the seven statuses; its creator or an admin',
        params: EventIdParamsSchema,
        body: UpdateEventSchema,
        response: { 200: EventSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        tags,
        summary: 'Delete an event: its creator or an admin',
        params: EventIdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.remove(currentUser(req), req.params.id);
      return { message: eventMessages.deleted };
    },
  );

  app.patch(
    '/events/:id/occurrences/:date',
    {
      schema: {
        tags,
        summary:
          "Edit one date of a repeating event (the day its rule gives it): scope 'this' changes that date alone (title, description, date, start time, type, status, meeting link), 'following' ends the series the day before and starts a new one there with the changes; its creator or an admin",
        params: OccurrenceParamsSchema,
        querystring: OccurrenceScopeQuerySchema,
        body: UpdateEventSchema,
        response: { 200: EventSchema },
      },
    },
    async (req) =>
      service.changeOccurrence(currentUser(req), req.params.id, req.params.date, req.query.scope, req.body),
  );

  app.delete(
    '/events/:id/occurrences/:date',
    {
      schema: {
        tags,
        summary:
          "Delete one date of a repeating event: scope 'this' leaves that date out (EXDATE), 'following' ends the series the day before; its creator or an admin",
        params: OccurrenceParamsSchema,
        querystring: OccurrenceScopeQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.removeOccurrence(currentUser(req), req.params.id, req.params.date, req.query.scope);
      return { message: eventMessages.deleted };
    },
  );
};
