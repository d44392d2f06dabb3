import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import { type CommentsRepository, createCommentsRepository } from './comments.repository.ts';
import { commentsRoutes } from './comments.routes.ts';
import { type CommentsService, createCommentsService } from './comments.service.ts';
import { createTaskWatching, type TaskWatching } from './comments.watching.ts';

export type { TaskWatching } from './comments.watching.ts';

/** What the imports module writes through, in its transaction: new tasks' comments (no notifications). */
export type CommentImporter = Pick<CommentsRepository, 'insertMany'>;

type Deps = ModuleContext & { activities: ActivityRecorder; notifier: Notifier };

/**
 * A task's conversation: comments, mentions and watchers. `watching` is what the tasks module
 * uses (auto-watch of creator and assignee, status-change notifications).
 */
export function commentsModule({ db, changes, activities, notifier }: Deps): AppModule & {
  watching: TaskWatching;
  /** The task's watchers and whether the caller is one (the task's page reads it with the task). */
  watchersOf: CommentsService['watchersOfSeenTask'];
  importer: CommentImporter;
} {
  const comments = createCommentsRepository(db);
  const watching = createTaskWatching({ comments, notifier });
  const service = createCommentsService({ db, comments, watching, notifier, activities, changes });
  return {
    watching,
    watchersOf: service.watchersOfSeenTask,
    importer: { insertMany: comments.insertMany },
    ...routesModule(commentsRoutes, { service }),
  };
}
