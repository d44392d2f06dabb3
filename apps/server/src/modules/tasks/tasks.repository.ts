import type { TaskFieldValues } from '@shipyard/shared';
import { and, asc, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { columnsByKey, rowByKey } from '../../db/rows.ts';
import {
  documents,
  products,
  type TaskRow,
  taskLabels,
  tasks,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import { blockersOfCard, blockersOfList } from './tasks.blockers.ts';
import { labelsOfRow } from './tasks.labels.ts';
import type { TaskWithNames } from './tasks.mapper.ts';
import { rowStampOf } from './tasks.page-stamp.ts';

export type NewTask = typeof tasks.$inferInsert;
/** What a user sets of a task: a create gives all of it, an edit any part. */
type TaskFields = Pick<
  NewTask,
  | 'productId'
  | 'title'
  | 'description'
  | 'status'
  | 'priority'
  | 'phase'
  | 'teamId'
  | 'assigneeId'
  | 'dueDate'
  | 'startDate'
  | 'stateId'
  | 'parentId'
  | 'estimate'
> & { completedAt: SQL | null };
/** `rank`: its place in its column (issue 28); '' puts it on top (the insert/rank trigger). */
export type TaskPatch = Partial<TaskFields & { rank: string; fields: TaskFieldValues }>;
/** A create's row: every field (the request's schema applied the defaults), its creator and its id. */
export type CheckedNewTask = Required<TaskFields & Pick<NewTask, 'id' | 'createdBy'>>;

/** The task with the names its screens show, joined in the one query that reads it. */
const withNames = {
  task: tasks,
  productName: products.name,
  team: { id: teams.id, name: teams.name },
  assignee: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
};

/**
 * A task's labels and open blockers, read in the statement that reads its row (the table named
 * `tasks` there): a list page's rows and an edit's answer bring theirs along (`withShown` reads them).
 */
const shownColumns = {
  labels: labelsOfRow(tasks.id),
  blockers: sql<string>`${blockersOfCard('tasks')}`,
};

/** A row read with `shownColumns`, its blockers as the API shows them. */
const withShown = <T extends { blockers: string }>({ blockers, ...row }: T) => ({
  ...row,
  blockers: blockersOfList(blockers),
});

/** Tasks with their names, labels and open blockers (`withShown` reads a row). */
const selectShown = (tx: Db) => selectShownWith(tx, {});
const selectShownWith = <E extends Record<string, SQL>>(tx: Db, extra: E) =>
  tx
    .select({ ...withNames, ...shownColumns, ...extra })
    .from(tasks)
    .innerJoin(products, eq(products.id, tasks.productId))
    .leftJoin(teams, eq(teams.id, tasks.teamId))
    .leftJoin(users, eq(users.id, tasks.assigneeId));

/**
 * Rows by id, with their names, labels and open blockers, of the products `within` (every product
 * when null): a list page's rows once its ids are picked (tasks.listing.ts). One prepared statement
 * of fixed text, so PostgreSQL keeps its plan: planned with the page's pick in one statement, its
 * joins and subqueries cost 1 ms of planning a page, more than running them. In no given order.
 */
export function createShownByIds(db: Db) {
  // The row's xmin: `tasks` is the live view (db/live-views.ts), which has no system columns.
  const byIds = selectShownWith(db, {
    xmin: sql<string>`(select t.xmin::text from public.tasks t where t.id = ${tasks.id})`,
  })
    .where(
      and(
        sql`${tasks.id} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`(${sql.placeholder('within')}::uuid[] is null or ${tasks.productId} = any(${sql.placeholder('within')}::uuid[]))`,
      ),
    )
    .prepare('task_rows_by_ids');
  return async (ids: readonly string[], within: readonly string[] | null) =>
    ids.length === 0
      ? []
      : (await byIds.execute({ ids: [...ids], within: within && [...within] })).map(({ xmin, ...row }) => ({
          ...withShown(row),
          // What the page it is on was made from (tasks.page-stamp.ts).
          stamp: rowStampOf(xmin, row.blockers),
        }));
}

export function createTasksRepository(db: Db) {
  const selectWithNames = (tx: Db) =>
    tx
      .select(withNames)
      .from(tasks)
      .innerJoin(products, eq(products.id, tasks.productId))
      .leftJoin(teams, eq(teams.id, tasks.teamId))
      .leftJoin(users, eq(users.id, tasks.assigneeId));

  return {
    /** The task with its names, if the viewer may see its product (no viewer: no check). */
    async findWithNames(id: string, viewer?: Viewer, tx: Db = db): Promise<TaskWithNames | undefined> {
      const [row] = await selectWithNames(tx)
        .where(and(eq(tasks.id, id), viewer ? visibleProducts(viewer) : undefined))
        .limit(1);
      return row;
    },

    /** The same with its labels and open blockers, in that one query: the task as the API shows it. */
    async findShown(id: string, viewer?: Viewer, tx: Db = db) {
      const [row] = await selectShown(tx)
        .where(and(eq(tasks.id, id), viewer ? visibleProducts(viewer) : undefined))
        .limit(1);
      return row && withShown(row);
    },

    /**
     * What the task's page shows besides its names: whether its product is archived, who created
     * the product (labels are theirs to manage) and who created the task — one query.
     */
    async findForPage(id: string, viewer: Viewer) {
      const creator = alias(users, 'creator');
      const [row] = await db
        .select({
          ...withNames,
          product: { createdBy: products.createdBy, archivedAt: products.archivedAt },
          creator: { id: creator.id, name: creator.name, avatarUrl: creator.avatarUrl },
        })
        .from(tasks)
        .innerJoin(products, eq(products.id, tasks.productId))
        .leftJoin(teams, eq(teams.id, tasks.teamId))
        .leftJoin(users, eq(users.id, tasks.assigneeId))
        .leftJoin(creator, eq(creator.id, tasks.createdBy))
        .where(and(eq(tasks.id, id), visibleProducts(viewer)))
        .limit(1);
      return row;
    },

    /** The task locked for a change in this transaction, if the viewer may see its product. */
    async lockVisible(tx: Db, viewer: Viewer, id: string): Promise<TaskRow | undefined> {
      const [row] = await tx
        .select({ task: tasks })
        .from(tasks)
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(and(eq(tasks.id, id), visibleProducts(viewer)))
        .limit(1)
        .for('update', { of: tasks });
      return row?.task;
    },

    /** The team (its id and name) if it belongs to the product; held against deletion like the product. */
    async teamOfProduct(
      tx: Db,
      teamId: string,
      productId: string,
    ): Promise<{ id: string; name: string } | undefined> {
      const [row] = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(and(eq(teams.id, teamId), eq(teams.productId, productId)))
        .limit(1)
        .for('key share');
      return row;
    },

    /**
     * The user (with what a task shows of them) if they may be assigned a task of the product: its
     * creator or an active team member.
     */
    async isAssignable(
      tx: Db,
      userId: string,
      productId: string,
    ): Promise<{ id: string; name: string; avatarUrl: string | null } | undefined> {
      const [row] = await tx
        .select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl })
        .from(users)
        .where(and(eq(users.id, userId), inArray(users.id, assignableTo(tx, productId))))
        .limit(1);
      return row;
    },

    /** The product's teams and the people its tasks may be assigned to, each ordered by name. */
    async options(productId: string, tx: Db = db) {
      // In sequence: `tx` may be a transaction's one client (an import), which runs one query at a time.
      const teamRows = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(eq(teams.productId, productId))
        .orderBy(asc(teams.name), asc(teams.id));
      const people = await tx
        .select({ id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
        .from(users)
        .where(inArray(users.id, assignableTo(tx, productId)))
        .orderBy(asc(users.name), asc(users.id));
      return { teams: teamRows, people };
    },

    /**
     * `insert` as one statement not run, for a create sent at once (lib/write.ts writeAtOnce): it
     * writes the row only when the create's checks hold (the product visible to `viewer` and not
     * archived, the team one of the product's, the assignee one of its people), and returns it
     * with the names the task shows (read it with `insertedWithNames`). The caller chose the id.
     */
    insertCheckedStatement(values: CheckedNewTask, viewer: Viewer): SQL {
      const { id, productId, teamId, assigneeId } = values;
      const checks = and(
        eq(products.id, productId),
        isNull(products.archivedAt),
        visibleProducts(viewer),
        teamId
          ? exists(
              db
                .select({ id: teams.id })
                .from(teams)
                .where(and(eq(teams.id, teamId), eq(teams.productId, productId))),
            )
          : undefined,
        assigneeId ? inArray(sql`${assigneeId}::uuid`, assignableTo(db, productId)) : undefined,
      );
      return sql`insert into ${tasks} (id, product_id, title, description, status, priority, phase,
          team_id, assignee_id, due_date, start_date, completed_at, created_by, state_id, parent_id, estimate)
        select ${id}::uuid, ${products.id}, ${values.title}, ${values.description}, ${values.status},
          ${values.priority}, ${values.phase}, ${teamId}::uuid, ${assigneeId}::uuid, ${values.dueDate}::date, ${values.startDate}::date,
          ${values.completedAt ?? sql`null`}::timestamptz, ${values.createdBy}::uuid, ${values.stateId}::uuid,
          ${values.parentId}::uuid, ${values.estimate}
        from ${products} where ${checks}
        returning ${columnsByKey(tasks)},
          (select ${products.name} from ${products} where ${products.id} = ${tasks.productId}) as "$productName",
          (select ${teams.name} from ${teams} where ${teams.id} = ${tasks.teamId}) as "$teamName",
          (select ${users.name} from ${users} where ${users.id} = ${tasks.assigneeId}) as "$assigneeName",
          (select ${users.avatarUrl} from ${users} where ${users.id} = ${tasks.assigneeId}) as "$assigneeAvatar"`;
    },

    /** The row `insertCheckedStatement` returned, with its names, as `findWithNames` answers. */
    insertedWithNames(raw: Record<string, unknown>): TaskWithNames {
      const task = rowByKey(tasks, raw);
      const name = (key: string) => raw[key] as string;
      return {
        task,
        productName: name('$productName'),
        team: task.teamId ? { id: task.teamId, name: name('$teamName') } : null,
        assignee: task.assigneeId
          ? {
              id: task.assigneeId,
              name: name('$assigneeName'),
              avatarUrl: raw.$assigneeAvatar as string | null,
            }
          : null,
      };
    },

    async insert(
      values: Omit<NewTask, 'completedAt'> & { completedAt: SQL | null },
      tx: Db = db,
    ): Promise<TaskRow> {
      const [row] = await tx.insert(tasks).values(values).returning();
      if (!row) throw new Error('task insert returned no row');
      return row;
    },

    /** Many tasks in one statement (an import's chunk), in the given order. */
    async insertMany(
      values: Array<Omit<NewTask, 'completedAt'> & { completedAt: SQL | null }>,
      tx: Db,
    ): Promise<TaskRow[]> {
      if (values.length === 0) return [];
      const rows = await tx.insert(tasks).values(values).returning();
      return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },

    /** Sets the fields and updated_at (the database's clock, as completed_at). */
    async update(id: string, patch: TaskPatch, tx: Db = db): Promise<TaskRow | undefined> {
      const [row] = await tx
        .update(tasks)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(tasks.id, id))
        .returning();
      return row;
    },

    /**
     * After a move to another product: the task's files follow it (their product is the task's),
     * and its labels, all of the old product, come off.
     */
    async carryDetails(id: string, productId: string, tx: Db) {
      await tx.update(documents).set({ productId }).where(eq(documents.taskId, id));
      await tx.delete(taskLabels).where(eq(taskLabels.taskId, id));
    },

    /**
     * To the trash (issue 28): the row stays, with its comments, checklist, labels, files and
     * history, and leaves the live view every read goes through (db/live-views.ts).
     */
    async trash(id: string, actorId: string, at: Date, tx: Db = db) {
      await tx
        .update(tasks)
        .set({ deletedAt: at, deletedBy: actorId, updatedAt: sql`now()` })
        .where(eq(tasks.id, id));
    },

    /**
     * The live tasks under a task (its sub-tasks and theirs), locked, to the trash with it
     * (decision 048): marked trashed with their parent, so that its restore and purge take them.
     */
    async trashBelow(id: string, actorId: string, at: Date, tx: Db): Promise<TaskRow[]> {
      const below = sql`(with recursive t(id) as (
          select id from tasks where parent_id = ${id}
          union select c.id from tasks c join t on c.parent_id = t.id
        ) select id from t)`;
      const rows = await tx
        .select()
        .from(tasks)
        .where(inArray(tasks.id, below))
        .orderBy(asc(tasks.number))
        .for('update');
      if (rows.length === 0) return rows;
      await tx
        .update(tasks)
        .set({ deletedAt: at, deletedBy: actorId, deletedWithParent: true, updatedAt: sql`now()` })
        .where(
          inArray(
            tasks.id,
            rows.map((r) => r.id),
          ),
        );
      return rows;
    },
  };
}

/** The ids of the product's creator and of every active member of one of its teams. */
function assignableTo(db: Db, productId: string) {
  return db
    .select({ id: products.createdBy })
    .from(products)
    .where(eq(products.id, productId))
    .union(
      db
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teams.productId, productId), eq(teamMembers.status, 'active'))),
    );
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
