import { TEMPLATE_SUBTASKS_MAX } from '@shipyard/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  products,
  productTemplates,
  type TaskTemplateContent,
  taskChecklistItems,
  tasks,
  taskTemplates,
  teams,
  users,
} from '../../db/schema/index.ts';

/** The most task templates a list answers (a product keeps at most 50). */
const TASK_TEMPLATE_LIST_MAX = 50;
/** The most product templates a list answers (the workspace keeps at most 100). */
const PRODUCT_TEMPLATE_LIST_MAX = 100;

export type NewTaskTemplate = {
  productId: string;
  name: string;
  content: TaskTemplateContent;
  createdBy: string;
};

export function createTemplatesRepository(db: Db) {
  return {
    /**
     * A product's task templates by name. `products` is the live view: a product in the trash
     * shows none (docs/decisions/034-trash.md).
     */
    async ofProduct(productId: string, tx: Db = db) {
      return tx
        .select({ template: taskTemplates })
        .from(taskTemplates)
        .innerJoin(products, eq(products.id, taskTemplates.productId))
        .where(eq(taskTemplates.productId, productId))
        .orderBy(asc(sql`lower(${taskTemplates.name})`), asc(taskTemplates.id))
        .limit(TASK_TEMPLATE_LIST_MAX)
        .then((rows) => rows.map((r) => r.template));
    },

    /** A task template of a live product (in a write: held FOR UPDATE). */
    async findTaskTemplate(id: string, tx: Db = db, lock = false) {
      const query = tx
        .select({ template: taskTemplates })
        .from(taskTemplates)
        .innerJoin(products, eq(products.id, taskTemplates.productId))
        .where(eq(taskTemplates.id, id))
        .limit(1);
      const [row] = await (lock ? query.for('update', { of: taskTemplates }) : query);
      return row?.template;
    },

    /**
     * Holds the product's row (FOR NO KEY UPDATE; task writes hold it FOR KEY SHARE and go on) so
     * that two saves at once take turns at the cap.
     */
    async countOfProduct(productId: string, tx: Db) {
      await tx.execute(sql`SELECT 1 FROM ${products} WHERE ${products.id} = ${productId} FOR NO KEY UPDATE`);
      const [row] = await tx
        .select({ n: count() })
        .from(taskTemplates)
        .where(eq(taskTemplates.productId, productId));
      return row?.n ?? 0;
    },

    async insertTaskTemplate(values: NewTaskTemplate, tx: Db) {
      const [row] = await tx.insert(taskTemplates).values(values).returning();
      if (!row) throw new Error('templates: insert returned no row');
      return row;
    },

    async updateTaskTemplate(id: string, patch: { name?: string; content?: TaskTemplateContent }, tx: Db) {
      const [row] = await tx.update(taskTemplates).set(patch).where(eq(taskTemplates.id, id)).returning();
      return row;
    },

    async deleteTaskTemplate(id: string, tx: Db) {
      await tx.delete(taskTemplates).where(eq(taskTemplates.id, id));
    },

    /** Whether the team is one of the product's. */
    async isTeamOf(teamId: string, productId: string, tx: Db) {
      const [row] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, teamId), eq(teams.productId, productId)))
        .limit(1);
      return row !== undefined;
    },

    /** The fields of a task that a template or a duplicate copies. */
    /** The ids of a task's live sub-tasks, oldest first (a duplicate's sub-tree, issue 29). */
    async childrenOf(taskId: string, tx: Db) {
      const rows = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.parentId, taskId), isNull(tasks.deletedAt)))
        .orderBy(asc(tasks.number))
        .limit(TEMPLATE_SUBTASKS_MAX);
      return rows.map((r) => r.id);
    },

    async taskFields(taskId: string, tx: Db) {
      const [row] = await tx
        .select({
          productId: tasks.productId,
          title: tasks.title,
          description: tasks.description,
          priority: tasks.priority,
          phase: tasks.phase,
          teamId: tasks.teamId,
          assigneeId: tasks.assigneeId,
          dueDate: tasks.dueDate,
          startDate: tasks.startDate,
          parentId: tasks.parentId,
          estimate: tasks.estimate,
        })
        .from(tasks)
        .where(eq(tasks.id, taskId))
        .limit(1);
      return row;
    },

    /**
     * A product's starter tasks for a template: its tasks as its board lists them (newest first),
     * at most `limit`, each with its checklist's titles in order; two queries.
     */
    async starterTasks(productId: string, limit: number, tx: Db) {
      const rows = await tx
        .select({
          id: tasks.id,
          title: tasks.title,
          description: tasks.description,
          priority: tasks.priority,
        })
        .from(tasks)
        .where(eq(tasks.productId, productId))
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(limit);
      const items =
        rows.length === 0
          ? []
          : await tx
              .select({ taskId: taskChecklistItems.taskId, title: taskChecklistItems.title })
              .from(taskChecklistItems)
              .where(
                inArray(
                  taskChecklistItems.taskId,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(taskChecklistItems.position), asc(taskChecklistItems.id));
      return rows.map(({ id, ...task }) => ({
        ...task,
        checklist: items.filter((i) => i.taskId === id).map((i) => i.title),
      }));
    },

    // ---- Product templates ----

    async listProductTemplates(tx: Db = db) {
      return tx
        .select({ template: productTemplates, creatorName: users.name })
        .from(productTemplates)
        .leftJoin(users, eq(users.id, productTemplates.createdBy))
        .orderBy(asc(sql`lower(${productTemplates.name})`), asc(productTemplates.id))
        .limit(PRODUCT_TEMPLATE_LIST_MAX);
    },

    async findProductTemplate(id: string, tx: Db = db, lock = false) {
      const query = tx
        .select({ template: productTemplates, creatorName: users.name })
        .from(productTemplates)
        .leftJoin(users, eq(users.id, productTemplates.createdBy))
        .where(eq(productTemplates.id, id))
        .limit(1);
      const [row] = await (lock ? query.for('update', { of: productTemplates }) : query);
      return row;
    },

    /** How many product templates there are, under a transaction-scoped lock so saves take turns. */
    async countProductTemplates(tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product_templates'))`);
      const [row] = await tx.select({ n: count() }).from(productTemplates);
      return row?.n ?? 0;
    },

    async insertProductTemplate(values: typeof productTemplates.$inferInsert, tx: Db) {
      const [row] = await tx.insert(productTemplates).values(values).returning();
      if (!row) throw new Error('templates: insert returned no row');
      return row;
    },

    async deleteProductTemplate(id: string, tx: Db) {
      await tx.delete(productTemplates).where(and(eq(productTemplates.id, id)));
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
