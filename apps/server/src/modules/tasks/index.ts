import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createTaskBoard } from './tasks.board.ts';
import { bulkTaskRoutes } from './tasks.bulk.routes.ts';
import { createFieldValueSlot, type FieldValueCheck } from './tasks.fields.ts';
import { createTaskImporter, type DuplicateCloser, type TaskImporter } from './tasks.importer.ts';
import { createTaskListing, type TaskListing } from './tasks.listing.ts';
import { createTaskPageService, type TaskPageSections } from './tasks.page.ts';
import { createTasksRepository } from './tasks.repository.ts';
import { tasksRoutes } from './tasks.routes.ts';
import {
  createTasksService,
  type TaskDeletion,
  type TaskStatusChange,
  type TasksService,
} from './tasks.service.ts';
import { watchersRoutes } from './tasks.watchers.routes.ts';
import { createTaskWatching, createWatchersService, type TaskWatching } from './tasks.watchers.ts';

export {
  findVisibleTask,
  holdTaskForChange,
  type SeenTask,
  taskNotFound,
  touchTask,
} from './tasks.access.ts';
export { relationsChangedEvents } from './tasks.event-relations.ts';
export type {
  DuplicateCloser,
  ImportedTask,
  ImportLinks,
  TaskImporter,
  TaskRef,
} from './tasks.importer.ts';
export { labelsOfTasks } from './tasks.labels.ts';
export type { TaskStatusChange } from './tasks.service.ts';
export type { TaskWatching } from './tasks.watchers.ts';

/** What a module copies of a task to another (a recurring task's next occurrence), in the copy's transaction. */
type TaskCopy = (fromId: string, toId: string, tx: Db) => Promise<void>;

/** The sections of the task's page that other modules contribute. */
type ContributedSection = Exclude<keyof TaskPageSections, 'watchers'>;
const CONTRIBUTED: readonly ContributedSection[] = [
  'checklist',
  'labels',
  'files',
  'subtasks',
  'relations',
  'fields',
  'time',
  'cycle',
];

declare module 'fastify' {
  interface FastifyInstance {
    tasks: {
      /** What the imports module creates tasks through (issue 20). */
      importer: TaskImporter;
      /** A task's watchers: the comments module makes commenters watch and tells watchers. */
      watching: TaskWatching;
      /** A module that hangs something off a task shows it on the task's page (at boot). */
      addPageSection: <K extends ContributedSection>(name: K, read: TaskPageSections[K]) => void;
      /** A module that keeps something of a task removes it with the task (at boot). */
      onDelete: (deletion: TaskDeletion) => void;
      /**
       * How many tasks a query matches for the viewer, in the products they see (issue 28: a saved
       * view's count); paging, sort and grouping are ignored.
       */
      count: TaskListing['count'];
      /** The ids of the tasks a query matches for the viewer, as a statement (issue 31: a list's logged time). */
      matching: TaskListing['matching'];
      /**
       * In the transaction that purges a task from the trash (modules/trash): what every module
       * keeps of it is removed, and what to do once that committed (its files' bytes) comes back.
       */
      purging: (taskId: string, tx: Db) => Promise<Array<() => Promise<void>>>;
      /**
       * POST /tasks's checked create in the caller's transaction (issue 29: a task made from a
       * template or a duplicate gets its labels and checklist in the same transaction).
       */
      createWithin: TasksService['create']['within'];
      /**
       * What creating a task writes beside it (its history entry, `task.created` webhook, watchers,
       * the assignee's notification, realtime), for a task another module wrote in `tx` (issue 29:
       * a recurring task's next occurrence is a created task).
       */
      recordCreated: TasksService['create']['recorded'];
      /**
       * A module that acts on a status change (issue 29: completing a recurring task makes its next
       * occurrence) is told after the commit of each one, from every call that changes a status
       * (the page's edit, the board's move, the API, a bulk change: each goes through one of the
       * two), at boot. A listener's failure is logged: the change itself stands.
       */
      onStatusChange: (listener: (change: TaskStatusChange) => Promise<void>) => void;
      /** A module that keeps something of a task copies it when a task is made from another (at boot). */
      onCopy: (copy: TaskCopy) => void;
      /** In the transaction that made `toId` from `fromId`: every module copies what it keeps of it. */
      copying: (fromId: string, toId: string, tx: Db) => Promise<void>;
      /**
       * An edit in the caller's transaction, checked and recorded as PATCH /tasks/{id}/update's
       * (issue 31: the schedule moves a task and the tasks it blocks in one transaction).
       */
      updateWithin: TasksService['updateWithin'];
      /** The custom fields module checks the `fields` of creates and edits (issue 29, at boot). */
      checkFieldValues: (check: FieldValueCheck) => void;
      /** The hierarchy module closes an import's "duplicate of" tasks as its API does (decision 048, at boot). */
      closesDuplicates: (close: DuplicateCloser) => void;
    };
  }
}

/**
 * The custom fields task queries name, shared until a write outdates them: how long at most, and
 * how many sets of fields each process keeps (docs/decisions/023-request-hot-path.md).
 */
const TASK_FIELDS_CACHE = { maxAgeMs: 5_000, maxEntries: 1_000 };

/**
 * First pages of the tasks across products, per (caller, filters): nothing in them depends on the
 * clock and every table they read bumps analytics_version, so the age bound is only a backstop. A
 * page of 50 is ~120 kB kept (the object, 44 kB of JSON, its compressed bodies): 100 keys are
 * ~12 MB at most. Under writes it is the coalescing that counts: the caller's requests for the same
 * page while one is being read share it (stop 40: without it, 188 instead of 337 lists/s).
 */
const TASK_PAGE_CACHE = { maxAgeMs: 30_000, maxEntries: 100 };

/**
 * Board contents shared between viewers (docs/decisions/023-request-hot-path.md): nothing in a
 * board depends on the clock, every table it reads bumps analytics_version, so the age bound is
 * only a backstop. A 400-task board is ~0.5 MB kept (the object, 154 kB of JSON, its brotli and
 * gzip bodies): 32 keys (product and filters) are ~16 MB at most.
 */
const TASK_BOARD_CACHE = { maxAgeMs: 30_000, maxEntries: 32 };

/** Tasks of products, their watchers and their page. */
export const tasksModule = fp(
  async (app) => {
    const { db, clock, changes, activities, outbox } = app;
    const fresh = (limits: { maxAgeMs: number; maxEntries: number }) =>
      createFreshCache(db, { ...limits, now: () => clock.now().getTime() });
    const tasks = createTasksRepository(db);
    const listing = createTaskListing(db, { counts: fresh(TASK_FIELDS_CACHE), now: () => clock.now() });
    const watching = createTaskWatching({ db, notifier: app.notifications.notifier });
    const deletions: TaskDeletion[] = [];
    const statusListeners: Array<(change: TaskStatusChange) => Promise<void>> = [];
    const copies: TaskCopy[] = [];
    const fieldValues = createFieldValueSlot();
    let duplicates: DuplicateCloser | undefined;
    const closeDuplicates: DuplicateCloser = (...args) => {
      if (!duplicates) throw new Error('tasks: no module closes duplicates');
      return duplicates(...args);
    };
    const service = createTasksService({
      db,
      tasks,
      listing,
      activities,
      notifications: app.notifications.notifier,
      outbox,
      changes,
      watching,
      firstPages: fresh(TASK_PAGE_CACHE),
      afterStatusChange: async (change) => {
        for (const listener of statusListeners) {
          await listener(change).catch((err: unknown) =>
            app.log.error({ err, taskId: change.task.id }, 'tasks: a status change listener failed'),
          );
        }
      },
      fields: fieldValues.check,
    });
    // Filled by the modules that contribute a section; checked complete once every module is in.
    const sections = { watchers: watching.of } as TaskPageSections;
    app.decorate('tasks', {
      importer: createTaskImporter({ tasks, activities, outbox, watching, closeDuplicates }),
      watching,
      addPageSection: (name, read) => Object.assign(sections, { [name]: read }),
      onDelete: (deletion) => void deletions.push(deletion),
      count: listing.count,
      matching: listing.matching,
      createWithin: service.create.within,
      updateWithin: service.updateWithin,
      recordCreated: service.create.recorded,
      onStatusChange: (listener) => void statusListeners.push(listener),
      onCopy: (copy) => void copies.push(copy),
      copying: async (fromId, toId, tx) => {
        for (const copy of copies) await copy(fromId, toId, tx);
      },
      purging: async (taskId, tx) => {
        const cleanups: Array<() => Promise<void>> = [];
        for (const deletion of deletions) cleanups.push(await deletion(taskId, tx));
        return cleanups;
      },
      checkFieldValues: fieldValues.provide,
      closesDuplicates: (close) => {
        duplicates = close;
      },
    });
    app.addHook('onReady', async () => {
      const missing = CONTRIBUTED.filter((name) => !sections[name]);
      if (missing.length > 0) {
        throw new Error(`tasks: no module contributed the task page's ${missing.join(', ')} section`);
      }
      if (!fieldValues.provided()) throw new Error('tasks: no module checks custom field values');
      if (!duplicates) throw new Error('tasks: no module closes duplicates');
    });
    await app.register(tasksRoutes, {
      prefix: '/api',
      service,
      clock,
      page: createTaskPageService({ db, tasks, activities, sections }),
      board: createTaskBoard(db, { cache: fresh(TASK_BOARD_CACHE), now: () => clock.now() }),
    });
    await app.register(bulkTaskRoutes, { prefix: '/api', service, clock });
    await app.register(watchersRoutes, {
      prefix: '/api',
      service: createWatchersService({ db, changes, watching }),
    });
  },
  { name: 'tasks', dependencies: ['platform', 'activities', 'notifications', 'services'] },
);
