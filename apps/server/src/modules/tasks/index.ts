import { createFreshCache } from '../../lib/fresh-cache.ts';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { TaskWatching } from '../comments/index.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { createTaskBoard } from './tasks.board.ts';
import { createTaskImporter, type TaskImporter } from './tasks.importer.ts';
import { createTaskPageService, type TaskPageSections } from './tasks.page.ts';
import { createTasksRepository } from './tasks.repository.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService } from './tasks.service.ts';

export type { ImportedTask, TaskImporter } from './tasks.importer.ts';

type Deps = ModuleContext & {
  activities: ActivityRecorder;
  notifier: Notifier;
  outbox: WebhookOutbox;
  watching: TaskWatching;
  files: DocumentFiles;
  /** What the task's page reads from the checklists, labels, documents and comments modules. */
  pageSections: TaskPageSections;
};

/**
 * How long a task list's total is shared at most without a write, and how many (caller, filters)
 * keys each process keeps (docs/decisions/023-request-hot-path.md).
 */
export const TASK_COUNT_CACHE = { maxAgeMs: 5_000, maxEntries: 1_000 };

/**
 * First pages of the tasks across products, per (caller, filters): nothing in them depends on the
 * clock and every table they read bumps analytics_version, so the age bound is only a backstop. A
 * page of 50 is ~120 kB kept (the object, 44 kB of JSON, its compressed bodies): 100 keys are
 * ~12 MB at most.
 */
export const TASK_PAGE_CACHE = { maxAgeMs: 30_000, maxEntries: 100 };

/**
 * Board contents shared between viewers (docs/decisions/023-request-hot-path.md): nothing in a
 * board depends on the clock, every table it reads bumps analytics_version, so the age bound is
 * only a backstop. A 400-task board is ~0.5 MB kept (the object, 154 kB of JSON, its brotli and
 * gzip bodies): 32 keys (product and filters) are ~16 MB at most.
 */
export const TASK_BOARD_CACHE = { maxAgeMs: 30_000, maxEntries: 32 };

/** Tasks of products. `importer` is what the imports module creates tasks through (issue 20). */
export function tasksModule({
  db,
  clock,
  changes,
  activities,
  notifier,
  outbox,
  watching,
  files,
  pageSections,
}: Deps): AppModule & { importer: TaskImporter } {
  const tasks = createTasksRepository(db, {
    counts: createFreshCache(db, { ...TASK_COUNT_CACHE, now: () => clock.now().getTime() }),
  });
  const service = createTasksService({
    db,
    tasks,
    activities,
    notifications: notifier,
    outbox,
    changes,
    watching,
    files,
    firstPages: createFreshCache(db, { ...TASK_PAGE_CACHE, now: () => clock.now().getTime() }),
  });
  return {
    importer: createTaskImporter({ tasks, activities, outbox, watching }),
    ...routesModule(tasksRoutes, {
      service,
      clock,
      page: createTaskPageService({ tasks, activities, sections: pageSections }),
      board: createTaskBoard(db, {
        cache: createFreshCache(db, { ...TASK_BOARD_CACHE, now: () => clock.now().getTime() }),
      }),
    }),
  };
}
