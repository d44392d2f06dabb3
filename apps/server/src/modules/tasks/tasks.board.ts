import {
  BOARD_COLUMN_CARDS_MAX,
  type BoardCard,
  TASK_COLUMNS,
  type TaskBoard,
  type TaskBoardQuery,
  type TaskStatus,
} from '@shipyard/shared';
import { and, asc, count, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { labels, taskLabels, tasks, users } from '../../db/schema/index.ts';
import { encodeCursor, exactCreatedAt } from '../../lib/cursor.ts';
import { containsInsensitive } from '../../lib/like.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct } from '../../lib/visibility.ts';

// A product's board in one request (issue 17, docs/decisions/022-board-in-one-request.md): the
// first BOARD_COLUMN_CARDS_MAX cards of each column in the compact card shape, every column's
// total, and the names the cards point at (labels, assignees) once. Visibility is the column
// route's (GET /tasks/{productId}/tasks): findVisibleProduct, 404 'Product not found' otherwise.

/** The board's filters, as the list applies them (tasks.repository listConditions). */
function boardConditions(db: Db, productId: string, query: TaskBoardQuery): SQL | undefined {
  const { search, phase, assigneeId, labelId } = query;
  return and(
    eq(tasks.productId, productId),
    search
      ? or(containsInsensitive(tasks.title, search), containsInsensitive(tasks.description, search))
      : undefined,
    phase?.length ? inArray(tasks.phase, phase) : undefined,
    assigneeId ? eq(tasks.assigneeId, assigneeId) : undefined,
    labelId?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(taskLabels)
            .where(and(eq(taskLabels.taskId, tasks.id), inArray(taskLabels.labelId, labelId))),
        )
      : undefined,
  );
}

export function createTaskBoard(db: Db) {
  /** One column's first cards (plus one: whether more follow), served by tasks_product_created_idx. */
  function columnCards(where: SQL | undefined, status: TaskStatus) {
    return db
      .select({
        id: tasks.id,
        title: tasks.title,
        priority: tasks.priority,
        phase: tasks.phase,
        dueDate: tasks.dueDate,
        teamId: tasks.teamId,
        assigneeId: tasks.assigneeId,
        checklistDone: tasks.checklistDone,
        checklistTotal: tasks.checklistTotal,
        createdAt: tasks.createdAt,
        updatedAt: tasks.updatedAt,
        cursorAt: exactCreatedAt(tasks.createdAt),
        labelIds: sql<
          string[]
        >`array(select ${taskLabels.labelId} from ${taskLabels} where ${taskLabels.taskId} = ${tasks.id})`,
        assignee: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
      })
      .from(tasks)
      .leftJoin(users, eq(users.id, tasks.assigneeId))
      .where(and(where, eq(tasks.status, status)))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(BOARD_COLUMN_CARDS_MAX + 1);
  }

  return {
    async board(actor: SessionUser, productId: string, query: TaskBoardQuery): Promise<TaskBoard> {
      const statuses = TASK_COLUMNS.map((column) => column.status).filter(
        (status) => !query.status?.length || query.status.includes(status),
      );
      const where = boardConditions(db, productId, query);
      // Read at once; for a product out of sight the answer is findVisibleProduct's 404 whatever
      // the others read (nothing of theirs is sent).
      const [visible, productLabels, totals, ...columns] = await Promise.allSettled([
        findVisibleProduct(db, actor, productId),
        db
          .select({ id: labels.id, name: labels.name, color: labels.color })
          .from(labels)
          .where(eq(labels.productId, productId))
          .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id)),
        db
          .select({ status: tasks.status, n: count() })
          .from(tasks)
          .where(and(where, inArray(tasks.status, statuses)))
          .groupBy(tasks.status),
        ...statuses.map((status) => columnCards(where, status)),
      ] as const);
      if (visible.status === 'rejected') throw visible.reason;
      const value = <T>(result: PromiseSettledResult<T>): T => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      };
      const product = visible.value;
      const labelList = value(productLabels);
      const labelOrder = new Map(labelList.map((label, index) => [label.id, index]));
      const totalOf = new Map(value(totals).map((row) => [row.status, row.n]));
      const people = new Map<string, { id: string; name: string; avatar_url: string | null }>();

      const board = statuses.map((status, index) => {
        // biome-ignore lint/style/noNonNullAssertion: one settled result per status, in order
        const rows = value(columns[index]!);
        const page = rows.slice(0, BOARD_COLUMN_CARDS_MAX);
        const last = page.at(-1);
        return {
          status,
          total: totalOf.get(status) ?? 0,
          cards: page.map((row): BoardCard => {
            if (row.assignee && !people.has(row.assignee.id)) {
              people.set(row.assignee.id, {
                id: row.assignee.id,
                name: row.assignee.name,
                avatar_url: row.assignee.avatarUrl,
              });
            }
            return {
              id: row.id,
              title: row.title,
              priority: row.priority,
              phase: row.phase,
              dueDate: row.dueDate,
              teamId: row.teamId,
              assigneeId: row.assigneeId,
              labelIds:
                row.labelIds.length > 1
                  ? row.labelIds.toSorted((a, b) => (labelOrder.get(a) ?? 0) - (labelOrder.get(b) ?? 0))
                  : row.labelIds,
              checklist: { done: row.checklistDone, total: row.checklistTotal },
              createdAt: row.createdAt.toISOString(),
              updatedAt: row.updatedAt.toISOString(),
            };
          }),
          nextCursor:
            rows.length > BOARD_COLUMN_CARDS_MAX && last
              ? encodeCursor({ createdAt: last.cursorAt, id: last.id })
              : null,
        };
      });
      return {
        product: { id: product.id, name: product.name },
        labels: labelList,
        people: [...people.values()],
        columns: board,
      };
    },
  };
}

export type TaskBoardService = ReturnType<typeof createTaskBoard>;
