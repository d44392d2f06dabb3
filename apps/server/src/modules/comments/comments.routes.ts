import {
  COMMENTS_PER_MINUTE,
  CommentIdParamsSchema,
  CommentInputSchema,
  CommentListQuerySchema,
  CommentListSchema,
  CommentSchema,
  commentMessages,
  MENTION_SEARCHES_PER_MINUTE,
  MentionableListSchema,
  MentionableQuerySchema,
  TaskIdParamsSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { CommentsService } from './comments.service.ts';

const tags = ['comments'];

export const commentsRoutes: FastifyPluginAsyncZod<{ service: CommentsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/tasks/:id/comments',
    {
      schema: {
        tags,
        summary:
          "A task's comments, oldest first: the newest page, or with `before` (a page's previousCursor) the page before it; whoever sees the task",
        params: TaskIdParamsSchema,
        querystring: CommentListQuerySchema,
        response: { 200: CommentListSchema },
      },
    },
    async (req) => service.list(currentUser(req), req.params.id, req.query),
  );

  app.post(
    '/tasks/:id/comments',
    {
      config: perUserRateLimit(
        COMMENTS_PER_MINUTE,
        '1 minute',
        commentMessages.rateLimited,
        'COMMENT_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary:
          "Comment on a task in markdown (members and admins who see it; a guest only on a task assigned to them); notifies the mentioned who see the product (TASK_MENTION) and the watchers (TASK_COMMENT); records 'comment_added'",
        params: TaskIdParamsSchema,
        body: CommentInputSchema,
        response: { 201: CommentSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.id, req.body.body)),
  );

  app.patch(
    '/comments/:id',
    {
      config: perUserRateLimit(
        COMMENTS_PER_MINUTE,
        '1 minute',
        commentMessages.editRateLimited,
        'COMMENT_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary: 'Edit one’s own comment; only people this comment never mentioned before are notified',
        params: CommentIdParamsSchema,
        body: CommentInputSchema,
        response: { 200: CommentSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.params.id, req.body.body),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment: one’s own, or any as an admin',
        params: CommentIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tasks/:id/mentionable',
    {
      config: perUserRateLimit(
        MENTION_SEARCHES_PER_MINUTE,
        '1 minute',
        commentMessages.searchRateLimited,
        'SEARCH_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary:
          "People one may @mention in a comment on the task (for whoever may comment on it): the product's creator and the active members of its teams (never an admin who is neither), with `q` those whose name, a word of it or username starts with `q`; at most 8, no e-mails",
        params: TaskIdParamsSchema,
        querystring: MentionableQuerySchema,
        response: { 200: MentionableListSchema },
      },
    },
    async (req) => service.mentionable(currentUser(req), req.params.id, req.query.q),
  );
};
