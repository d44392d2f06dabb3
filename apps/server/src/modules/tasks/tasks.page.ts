import {
  type Checklist,
  type FieldList,
  type ProductDocument,
  type RelationList,
  type SubtaskList,
  TASK_HISTORY_PAGE,
  type TaskCycle,
  type TaskDetail,
  type TaskHistory,
  type TaskHistoryQuery,
  type TaskLabels,
  type TaskTime,
  taskPermissions,
  type WatcherList,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { encodeCursor, readCursor } from '../../lib/cursor.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { type ActivityRecorder, toActivityLogEntry } from '../activities/index.ts';
import type { SeenTask } from './tasks.access.ts';
import { taskNotFound } from './tasks.access.ts';
import { blockersOfTasks } from './tasks.blockers.ts';
import { toTask } from './tasks.mapper.ts';
import type { TasksRepository } from './tasks.repository.ts';
import { statesOfProduct } from './tasks.states.ts';

// The task's page (issue 15, docs/decisions/012-task-page.md): one request for what the page
// shows, computed with the rules the writes enforce, and the older history page by page.

/**
 * What the page reads beside the task, of a task it has already found visible: the page checks
 * visibility once (its own query), and the sections do not check again (issue 17). The checklist,
 * labels and files modules contribute theirs (`app.tasks.addPageSection`); watchers are the task's.
 */
export type TaskPageSections = {
  checklist: (task: SeenTask) => Promise<Checklist>;
  labels: (task: SeenTask) => Promise<TaskLabels>;
  files: (task: SeenTask) => Promise<ProductDocument[]>;
  watchers: (viewer: SessionUser, task: SeenTask) => Promise<WatcherList>;
  /** Its sub-tasks and parents, and its relations to tasks the viewer sees (modules/hierarchy, issue 29). */
  subtasks: (task: SeenTask) => Promise<SubtaskList>;
  relations: (viewer: SessionUser, task: SeenTask) => Promise<RelationList>;
  /** The product's custom fields (issue 29), as GET /projects/{id}/fields answers the viewer. */
  fields: (viewer: SessionUser, task: SeenTask) => Promise<FieldList>;
  /** Its logged time against the estimate (modules/time, issue 31), as GET /tasks/{id}/time answers the viewer. */
  time: (viewer: SessionUser, task: SeenTask) => Promise<TaskTime>;
  /** Its cycle and the open ones it may join (modules/cycles, issue 31), as GET /tasks/{id}/cycle answers. */
  cycle: (viewer: SessionUser, task: SeenTask) => Promise<TaskCycle>;
};

type Deps = {
  db: Db;
  tasks: TasksRepository;
  activities: Pick<ActivityRecorder, 'listForTask'>;
  sections: TaskPageSections;
};

export function createTaskPageService({ db, tasks, activities, sections }: Deps) {
  async function historyPage(viewer: Viewer, taskId: string, cursor: string | undefined, limit: number) {
    const rows = await activities.listForTask(viewer, taskId, readCursor(cursor), limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map(toActivityLogEntry),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ createdAt: last.cursorAt, id: last.activity.id }) : null,
    } satisfies TaskHistory;
  }

  return {
    /** 404 unless the caller sees the task's product (as GET /tasks/{id}). */
    async detail(actor: SessionUser, id: string): Promise<TaskDetail> {
      // One visibility check for the whole page (the task and its names, with the history beside
      // it); then the sections of the task found, at once, without checking it again.
      const [found, history] = await Promise.all([
        tasks.findForPage(id, actor),
        historyPage(actor, id, undefined, TASK_HISTORY_PAGE),
      ]);
      if (!found) throw taskNotFound();
      const seen: SeenTask = { id: found.task.id, productId: found.task.productId };
      const [checklist, labels, files, watchers, states, blockers, subtasks, relations, fields, time, cycle] =
        await Promise.all([
          sections.checklist(seen),
          sections.labels(seen),
          sections.files(seen),
          sections.watchers(actor, seen),
          statesOfProduct(db, seen.productId),
          blockersOfTasks(db, [seen.id]),
          sections.subtasks(seen),
          sections.relations(actor, seen),
          sections.fields(actor, seen),
          sections.time(actor, seen),
          sections.cycle(actor, seen),
        ]);
      const task = toTask(found, labels.labels, blockers.get(seen.id));
      const archived = found.product.archivedAt !== null;
      return {
        task,
        product: { id: task.projectId, name: task.project.name, archived },
        createdBy: found.creator
          ? { id: found.creator.id, name: found.creator.name, avatar_url: found.creator.avatarUrl }
          : null,
        history,
        permissions: taskPermissions(actor, task, { createdBy: found.product.createdBy, archived }),
        checklist,
        labels,
        files,
        watchers,
        states,
        subtasks,
        relations,
        fields,
        time,
        cycle,
      };
    },

    async history(actor: SessionUser, id: string, query: TaskHistoryQuery): Promise<TaskHistory> {
      if (!(await tasks.findWithNames(id, actor))) throw taskNotFound();
      return historyPage(actor, id, query.cursor, query.limit);
    },
  };
}

export type TaskPageService = ReturnType<typeof createTaskPageService>;
