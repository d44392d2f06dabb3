import {
  type CreateTask,
  type CreateTaskTemplate,
  canEditTasks,
  type DuplicateTaskBody,
  type SaveTaskAsTemplate,
  TASK_TEMPLATE_MAX_BYTES,
  TASK_TEMPLATES_PER_PRODUCT_MAX,
  type Task,
  type TaskPriority,
  type TaskTemplate,
  type TaskTemplateList,
  templateMessages,
  type UpdateTaskTemplate,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { TaskTemplateContent, TaskTemplateRow } from '../../db/schema/index.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  canManageProduct,
  findManagedProduct,
  findVisibleProduct,
  type Viewer,
} from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { findVisibleTask } from '../tasks/index.ts';
import type { PartRegistry } from './templates.parts.ts';
import type { TemplatesRepository } from './templates.repository.ts';

// Task templates (issue 29, docs/decisions/039-templates.md): a product's, managed by whoever
// manages the product (its creator, admins), seen and used by whoever sees it and may create tasks.

export const templateNotFound = () => NotFound(templateMessages.notFound, 'TEMPLATE_NOT_FOUND');

/** A template's realtime change: to everyone who sees its product. */
const taskTemplateChange = (op: Change['op'], row: Pick<TaskTemplateRow, 'id' | 'productId'>): Change => ({
  kind: 'template',
  op,
  id: row.id,
  productId: row.productId,
});

/** Refuses (400) content over the stored-size cap. */
export function refuseTooLarge(value: unknown, max: number, message: string) {
  if (Buffer.byteLength(JSON.stringify(value), 'utf8') > max) {
    throw BadRequest(message, 'TEMPLATE_TOO_LARGE', { fields: { parts: [message] } });
  }
}

type Deps = {
  db: Db;
  repo: TemplatesRepository;
  parts: PartRegistry;
  changes: Changes;
  activities: ActivityRecorder;
  createTask: (tx: Db, after: AfterCommit, actor: SessionUser, body: CreateTask) => Promise<Task>;
};

export function createTaskTemplatesService({ db, repo, parts, changes, activities, createTask }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  const toTemplate = (row: TaskTemplateRow): TaskTemplate => ({
    id: row.id,
    productId: row.productId,
    name: row.name,
    title: row.content.title,
    description: row.content.description,
    priority: row.content.priority as TaskPriority,
    teamId: row.content.teamId,
    dueInDays: row.content.dueInDays,
    parts: row.content.parts,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** The product, once the viewer sees it (404), manages it (403) and it is not archived (409). */
  const managed = (viewer: Viewer, productId: string, tx: Db) =>
    findManagedProduct(tx, viewer, productId, { forbidden: templateMessages.manageForbidden });

  /** A template of a product the viewer sees (404 otherwise). */
  async function seen(viewer: Viewer, id: string, tx: Db = db, lock = false) {
    const row = await repo.findTaskTemplate(id, tx, lock);
    if (!row) throw templateNotFound();
    await findVisibleProduct(tx, viewer, row.productId).catch(() => {
      throw templateNotFound();
    });
    return row;
  }

  /** Checks the content (parts by their schemas, the size cap) before it is stored. */
  function checked(content: TaskTemplateContent): TaskTemplateContent {
    const out = { ...content, parts: parts.parse(content.parts) };
    refuseTooLarge(out, TASK_TEMPLATE_MAX_BYTES, templateMessages.taskTooLarge);
    return out;
  }

  /** A template's team must be one of its product's (400 on the field). */
  async function refuseOtherTeam(content: TaskTemplateContent, productId: string, tx: Db) {
    if (content.teamId && !(await repo.isTeamOf(content.teamId, productId, tx))) {
      throw BadRequest(templateMessages.teamNotInProduct, 'VALIDATION_ERROR', {
        fields: { teamId: [templateMessages.teamNotInProduct] },
      });
    }
  }

  async function insert(
    viewer: Viewer,
    productId: string,
    name: string,
    content: TaskTemplateContent,
    tx: Db,
  ) {
    await refuseOtherTeam(content, productId, tx);
    if ((await repo.countOfProduct(productId, tx)) >= TASK_TEMPLATES_PER_PRODUCT_MAX) {
      throw Conflict(templateMessages.tooManyTaskTemplates, 'TEMPLATES_FULL');
    }
    return repo.insertTaskTemplate({ productId, name, content, createdBy: viewer.id }, tx);
  }

  return {
    async list(viewer: Viewer, productId: string): Promise<TaskTemplateList> {
      const product = await findVisibleProduct(db, viewer, productId);
      const canManage = canManageProduct(viewer, product);
      return { data: (await repo.ofProduct(productId)).map(toTemplate), canManage };
    },

    async get(viewer: Viewer, id: string): Promise<TaskTemplate> {
      return toTemplate(await seen(viewer, id));
    },

    async create(viewer: Viewer, productId: string, body: CreateTaskTemplate): Promise<TaskTemplate> {
      const { name, ...content } = body;
      const stored = checked(content);
      return inTransaction(async (tx, after) => {
        await managed(viewer, productId, tx);
        const row = await insert(viewer, productId, name, stored, tx);
        after.publish(taskTemplateChange('created', row));
        return toTemplate(row);
      });
    },

    /** Saves a task (its fields and every part's value) as a template of its product. */
    async saveTask(viewer: Viewer, taskId: string, body: SaveTaskAsTemplate): Promise<TaskTemplate> {
      return inTransaction(async (tx, after) => {
        const task = await findVisibleTask(tx, viewer, taskId);
        await managed(viewer, task.productId, tx);
        const fields = await repo.taskFields(taskId, tx);
        if (!fields) throw templateNotFound();
        const content = checked({
          title: fields.title,
          description: fields.description,
          priority: fields.priority,
          teamId: fields.teamId,
          dueInDays: null,
          parts: await parts.capture(taskId, tx),
        });
        const row = await insert(viewer, task.productId, body.name, content, tx);
        after.publish(taskTemplateChange('created', row));
        return toTemplate(row);
      });
    },

    async update(viewer: Viewer, id: string, body: UpdateTaskTemplate): Promise<TaskTemplate> {
      return inTransaction(async (tx, after) => {
        const row = await seen(viewer, id, tx, true);
        await managed(viewer, row.productId, tx);
        const { name, parts: given, ...fields } = body;
        const content = checked({
          ...row.content,
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          parts: { ...row.content.parts, ...(given ?? {}) },
        });
        await refuseOtherTeam(content, row.productId, tx);
        const updated = await repo.updateTaskTemplate(id, { ...(name ? { name } : {}), content }, tx);
        if (!updated) throw templateNotFound();
        after.publish(taskTemplateChange('updated', updated));
        return toTemplate(updated);
      });
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const row = await seen(viewer, id, tx, true);
        await managed(viewer, row.productId, tx);
        await repo.deleteTaskTemplate(id, tx);
        after.publish(taskTemplateChange('deleted', row));
      });
    },

    /**
     * Creates a task from the template: the request's fields (the dialog's, which the template
     * filled), then every part of the template (the request's `parts` instead, where it gives
     * one), and a "created from template" entry, all in one transaction.
     */
    async use(
      actor: SessionUser,
      id: string,
      body: Omit<CreateTask, 'projectId'> & { parts?: Record<string, unknown> },
    ): Promise<Task> {
      const { parts: given, ...fields } = body;
      const overrides = parts.parse(given ?? {});
      return inTransaction(async (tx, after) => {
        const row = await seen(actor, id, tx);
        if (!canEditTasks(actor.role)) throw Forbidden(templateMessages.readOnly, 'READ_ONLY');
        const task = await createTask(tx, after, actor, { ...fields, projectId: row.productId });
        await parts.apply(
          task.id,
          { ...row.content.parts, ...overrides },
          { actor, after, tx, productId: row.productId },
        );
        await activities.insert(
          {
            actionType: 'created_from_template',
            description: `Created task "${task.title}" from template "${row.name}"`,
            metadata: { taskId: task.id, templateId: row.id, template: row.name },
            productId: row.productId,
            taskId: task.id,
            performedBy: actor.id,
          },
          tx,
        );
        return task;
      });
    },

    /**
     * A copy of the task in its product: the same title, description, priority, phase, team,
     * assignee and due date, and every part a duplicate copies (labels, checklist unticked); a new
     * key, status Pending, no comments, files or history.
     */
    async duplicate(actor: SessionUser, taskId: string, body: DuplicateTaskBody = {}): Promise<Task> {
      return inTransaction(async (tx, after) => {
        const source = await findVisibleTask(tx, actor, taskId);
        /** One task copied, under `parentId` (its own parent for the top copy), then its sub-tree if asked. */
        const copy = async (fromId: string, parentId: string | null | undefined): Promise<Task> => {
          const fields = await repo.taskFields(fromId, tx);
          if (!fields) throw templateNotFound();
          const captured = await parts.capture(fromId, tx, (part) => part.duplicates !== false);
          const task = await createTask(tx, after, actor, {
            projectId: source.productId,
            title: fields.title,
            description: fields.description,
            status: 'Pending',
            priority: fields.priority,
            phase: fields.phase,
            teamId: fields.teamId,
            assigneeId: fields.assigneeId,
            dueDate: fields.dueDate,
            startDate: fields.startDate,
            // A sub-task's copy stays beside it, with its size (issue 29).
            parentId: parentId === undefined ? fields.parentId : parentId,
            estimate: fields.estimate,
          });
          await parts.apply(
            task.id,
            captured,
            { actor, after, tx, productId: source.productId },
            { check: false },
          );
          // The sub-tree (opt-in): each sub-task copied under the copy, through the same checked create.
          if (body.withSubtasks) {
            for (const childId of await repo.childrenOf(fromId, tx)) await copy(childId, task.id);
          }
          return task;
        };
        return copy(taskId, undefined);
      });
    },
  };
}

export type TaskTemplatesService = ReturnType<typeof createTaskTemplatesService>;
