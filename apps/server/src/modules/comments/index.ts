import fp from 'fastify-plugin';
import { type CommentsRepository, createCommentsRepository } from './comments.repository.ts';
import { commentsRoutes } from './comments.routes.ts';
import { createCommentsService } from './comments.service.ts';

/** What the imports module writes through, in its transaction: new tasks' comments (no notifications). */
export type CommentImporter = Pick<CommentsRepository, 'insertMany'>;

declare module 'fastify' {
  interface FastifyInstance {
    comments: { importer: CommentImporter };
  }
}

/** A task's conversation: comments and mentions (its watchers are the tasks module's). */
export const commentsModule = fp(
  async (app) => {
    const comments = createCommentsRepository(app.db);
    const service = createCommentsService({
      db: app.db,
      comments,
      watching: app.tasks.watching,
      notifier: app.notifications.notifier,
      activities: app.activities,
      changes: app.changes,
      outbox: app.outbox,
    });
    app.decorate('comments', { importer: { insertMany: comments.insertMany } });
    await app.register(commentsRoutes, { prefix: '/api', service });
  },
  { name: 'comments', dependencies: ['platform', 'activities', 'notifications', 'tasks', 'services'] },
);
