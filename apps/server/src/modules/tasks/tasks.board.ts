import {
  BOARD_COLUMN_CARDS_MAX,
  type BoardCard,
  type BoardColumn,
  mayBePerson,
  TASK_STATUSES,
  type TaskBoard,
  type TaskBoardQuery,
  type TaskFieldValues,
  type TaskStatus,
} from '@shipyard/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  customFields,
  labels,
  products,
  taskLabels,
  tasks,
  users,
  workflowStates,
} from '../../db/schema/index.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, productNotFound, seesVisibleProduct } from '../../lib/visibility.ts';
import { blockersOfCard, blockersOfList } from './tasks.blockers.ts';
import { fieldIdsOf, readQueryFields } from './tasks.field-query.ts';
import { estimatePoints } from './tasks.hierarchy.ts';
import { type QueryScope, queryKey, taskConditions, todayOf } from './tasks.query.ts';
import { encodeRankCursor, manualOrder, type RankCursor, readRankCursor } from './tasks.rank.ts';

// A product's board in one request (issue 17, docs/decisions/022-board-in-one-request.md): the
// first BOARD_COLUMN_CARDS_MAX cards of each column in the compact card shape, every column's
// total, and the names the cards point at (labels, assignees) once. Visibility is the column
// route's (GET /tasks/{productId}/tasks): findVisibleProduct, 404 'Product not found' otherwise.

const boardPageNeedsOneState = "A column's next page names its one state beside the cursor.";

type CardRow = {
  status: TaskStatus;
  state_id: string;
  state_name: string;
  state_color: string;
  total: number;
  id: string | null;
  key: string;
  title: string;
  priority: BoardCard['priority'];
  phase: string | null;
  due_date: string | null;
  team_id: string | null;
  assignee_id: string | null;
  /** Comma-separated: cheaper to split than a PostgreSQL array to parse (a profile showed it). */
  label_ids: string;
  checklist_done: number;
  checklist_total: number;
  subtask_done: number;
  subtask_total: number;
  estimate: string | null;
  /** Its open blockers' keys, '-' for one of another product (tasks.blockers.ts). */
  blocked_by: string;
  estimate_sum: number;
  rank: string;
  recurring: boolean;
  created_at: string;
  updated_at: string;
  assignee_name: string | null;
  assignee_avatar: string | null;
  fields: TaskFieldValues | null;
};

/** A card's values of the fields shown on cards (issue 29); none: absent. */
function cardFields(values: TaskFieldValues | null, shown: readonly string[]): TaskFieldValues | undefined {
  if (!values || shown.length === 0) return undefined;
  const picked: TaskFieldValues = {};
  for (const id of shown) {
    const value = values[id];
    if (value !== undefined) picked[id] = value;
  }
  return picked;
}

/** A card's label ids in the order of the product's labels (by name), from 'id,id'. */
function labelIdsOf(list: string, order: Map<string, number>): string[] {
  if (list === '') return [];
  const ids = list.split(',');
  return ids.length > 1 ? ids.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) : ids;
}

/**
 * `cache`: board contents shared between viewers until a write outdates them (lib/fresh-cache.ts,
 * docs/decisions/023-request-hot-path.md); none: every request reads the board.
 */
export function createTaskBoard(db: Db, { cache, now }: { cache?: FreshCache; now: () => Date }) {
  /**
   * Every column in one statement: per workflow state of the product (issue 29: a column is a
   * state, in board order: by category, then position), its count and its first cards in their
   * manual order (one more than the cap: whether more follow; after `after` for a column's next
   * page), each a LATERAL subquery with a LIMIT over the product's tasks of that state
   * (tasks_product_state_rank_idx). A column without a match is one row with its total and no
   * card. Timestamps come as the API's text (no Date round trip in JavaScript).
   */
  async function readColumns(
    productId: string,
    where: SQL | undefined,
    only: { statuses: TaskStatus[]; stateIds: string[] | undefined },
    after?: RankCursor,
  ) {
    const page = after
      ? sql`(${tasks.rank}, ${tasks.id}) > (${after.rank} collate "C", ${after.id}::uuid)`
      : undefined;
    const states = and(
      eq(workflowStates.productId, productId),
      inArray(workflowStates.category, only.statuses),
      only.stateIds?.length ? inArray(workflowStates.id, only.stateIds) : undefined,
    );
    const { rows } = await db.execute<CardRow>(sql`
      select s.category as status, s.id as state_id, s.name as state_name, s.color as state_color, c.total, c.estimate_sum, t.id, t.key, t.title, t.priority, t.phase, t.due_date, t.team_id, t.assignee_id,
             t.label_ids, t.checklist_done, t.checklist_total, t.rank, t.recurring, t.created_at, t.updated_at, t.fields,
             t.subtask_done, t.subtask_total, t.estimate, t.blocked_by,
             u.name as assignee_name, u.avatar_url as assignee_avatar
      from (
        select ${workflowStates.id} as id, ${workflowStates.name} as name, ${workflowStates.color} as color,
               ${workflowStates.category} as category,
               row_number() over (order by array_position(array['Pending', 'In Progress', 'Completed'], ${workflowStates.category}::text),
                                  ${workflowStates.position}, ${workflowStates.id}) as n
        from ${workflowStates} where ${states}
      ) s
      cross join lateral (
        select count(*)::int as total, coalesce(sum(${estimatePoints}), 0)::float8 as estimate_sum
        from ${tasks} where ${and(where, sql`${tasks.stateId} = s.id`)}
      ) c
      left join lateral (
        select ${tasks.id} as id, ${tasks.key} as key, ${tasks.title} as title, ${tasks.priority} as priority, ${tasks.phase} as phase,
               ${tasks.dueDate}::text as due_date, ${tasks.teamId} as team_id, ${tasks.assigneeId} as assignee_id,
               ${tasks.checklistDone} as checklist_done, ${tasks.checklistTotal} as checklist_total,
               ${tasks.subtaskDone} as subtask_done, ${tasks.subtaskTotal} as subtask_total,
               ${tasks.estimate} as estimate, ${blockersOfCard('tasks')} as blocked_by,
               to_char(${tasks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
               to_char(${tasks.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
               ${tasks.rank} as rank, ${tasks.seriesId} is not null as recurring, ${tasks.fields} as fields,
               array_to_string(array(select ${taskLabels.labelId} from ${taskLabels} where ${taskLabels.taskId} = ${tasks.id}), ',') as label_ids
        from ${tasks}
        where ${and(where, page, sql`${tasks.stateId} = s.id`)}
        order by ${sql.join([...manualOrder], sql`, `)}
        limit ${BOARD_COLUMN_CARDS_MAX + 1}
      ) t on true
      left join ${users} u on u.id = t.assignee_id
      order by s.n, t.rank, t.id`);
    return rows;
  }

  /**
   * Adds to `people` those the cards' person fields shown on cards name (issue 29), read in one
   * statement when an assignee is not one of them already; nothing when no such field has a value.
   */
  async function namePeopleOfFields(
    fieldList: readonly { id: string; type: string }[],
    columns: ReadonlyMap<string, BoardColumn>,
    people: Map<string, { id: string; name: string; avatar_url: string | null }>,
  ) {
    const personFields = fieldList.filter((field) => field.type === 'person').map((field) => field.id);
    if (personFields.length === 0) return;
    const missing = new Set<string>();
    for (const column of columns.values()) {
      for (const card of column.cards) {
        for (const id of personFields) {
          const value = card.fields?.[id];
          if (mayBePerson(value) && !people.has(value)) missing.add(value);
        }
      }
    }
    if (missing.size === 0) return;
    const named = await db
      .select({ id: users.id, name: users.name, avatar_url: users.avatarUrl })
      .from(users)
      .where(inArray(users.id, [...missing]));
    for (const person of named) people.set(person.id, person);
  }

  /**
   * The board's content for (product, filters): the same for every viewer who may see the
   * product, so shared between them (`cache`). Undefined for a product that does not exist.
   */
  async function content(
    productId: string,
    query: TaskBoardQuery,
    scope: QueryScope,
  ): Promise<TaskBoard | undefined> {
    const after = readRankCursor(query.cursor);
    const statuses = TASK_STATUSES.filter((status) => !query.status?.length || query.status.includes(status));
    const [[product], labelList, fieldList, columnRows] = await Promise.all([
      db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId)),
      db
        .select({ id: labels.id, name: labels.name, color: labels.color })
        .from(labels)
        .where(eq(labels.productId, productId))
        .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id)),
      db
        .select()
        .from(customFields)
        .where(and(eq(customFields.productId, productId), eq(customFields.showOnCards, true)))
        .orderBy(asc(customFields.position), asc(customFields.createdAt), asc(customFields.id)),
      readQueryFields(db, fieldIdsOf(query)).then((fields) =>
        readColumns(
          productId,
          taskConditions(
            db,
            { ...query, status: undefined, stateId: undefined, productId },
            { ...scope, fields },
          ),
          { statuses, stateIds: query.stateId },
          after,
        ),
      ),
    ]);
    if (!product) return undefined;
    // The fields shown on cards, and the one the board's swimlanes group by (issue 29).
    const shownFields = fieldList.map((field) => field.id);
    if (query.groupField) shownFields.push(query.groupField.toLowerCase());
    const labelOrder = new Map(labelList.map((label, index) => [label.id, index]));
    const people = new Map<string, { id: string; name: string; avatar_url: string | null }>();
    const columns = new Map<string, BoardColumn>();
    const lastCursor = new Map<string, RankCursor>();
    for (const row of columnRows) {
      let column = columns.get(row.state_id);
      if (!column) {
        column = {
          status: row.status,
          state: { id: row.state_id, name: row.state_name, color: row.state_color },
          total: row.total,
          estimateSum: row.estimate_sum,
          cards: [],
          nextCursor: null,
        };
        columns.set(row.state_id, column);
      }
      if (row.id === null) continue;
      if (column.cards.length === BOARD_COLUMN_CARDS_MAX) {
        // The one past the cap: more follow, from the last card sent.
        const last = lastCursor.get(row.state_id);
        if (last) column.nextCursor = encodeRankCursor(last);
        continue;
      }
      if (row.assignee_id && row.assignee_name !== null && !people.has(row.assignee_id)) {
        people.set(row.assignee_id, {
          id: row.assignee_id,
          name: row.assignee_name,
          avatar_url: row.assignee_avatar,
        });
      }
      column.cards.push({
        id: row.id,
        key: row.key,
        title: row.title,
        priority: row.priority,
        phase: row.phase,
        dueDate: row.due_date,
        teamId: row.team_id,
        assigneeId: row.assignee_id,
        labelIds: labelIdsOf(row.label_ids, labelOrder),
        checklist: { done: row.checklist_done, total: row.checklist_total },
        subtasks: { done: row.subtask_done, total: row.subtask_total },
        estimate: row.estimate,
        ...blockersOfList(row.blocked_by),
        rank: row.rank,
        ...(row.recurring && { recurring: true }),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        fields: cardFields(row.fields, shownFields),
      });
      lastCursor.set(row.state_id, { rank: row.rank, id: row.id });
    }
    await namePeopleOfFields(fieldList, columns, people);
    return {
      product,
      labels: labelList,
      fields: fieldList.map(({ id, name, type, options, showOnCards, position }) => ({
        id,
        productId,
        name,
        type,
        options,
        showOnCards,
        position,
      })),
      people: [...people.values()],
      columns: [...columns.values()],
    };
  }

  return {
    /**
     * The board if `actor` may see the product (404 otherwise), checked on every request: in the
     * cache's freshness probe when the board is shared, beside the read otherwise. The same object
     * is answered to every viewer of the same board (sendShared serializes it once).
     */
    async board(actor: SessionUser, productId: string, query: TaskBoardQuery): Promise<TaskBoard> {
      if (query.cursor !== undefined && query.stateId?.length !== 1) {
        throw BadRequest(boardPageNeedsOneState, 'VALIDATION_ERROR', {
          fields: { stateId: [boardPageNeedsOneState] },
        });
      }
      // The task query's filters (issue 28); 'me' and the presets are the caller's, so they are in
      // the key, and so is a column page's cursor.
      const scope: QueryScope = { me: actor, today: todayOf(query, now()) };
      const key = JSON.stringify([queryKey({ ...query, productId }, scope), query.cursor ?? null]);
      const compute = () => content(productId, query, scope);
      let board: TaskBoard | undefined;
      if (cache) {
        // Shared: the visibility check rides in the cache's freshness probe (one round trip for
        // both, issue 29); a product out of sight is a 404 before anything is read or shared.
        board = await cache.get(key, compute, {
          sql: seesVisibleProduct(actor, productId),
          refuse: productNotFound,
        });
      } else {
        // At once; for a product out of sight the answer is findVisibleProduct's 404 whatever the
        // content read (nothing of it is sent).
        const [visible, read] = await Promise.allSettled([
          findVisibleProduct(db, actor, productId),
          compute(),
        ] as const);
        if (visible.status === 'rejected') throw visible.reason;
        if (read.status === 'rejected') throw read.reason;
        board = read.value;
      }
      // Seen a moment ago and gone since: as if it had not been seen.
      if (!board) throw productNotFound();
      return board;
    },
  };
}

export type TaskBoardService = ReturnType<typeof createTaskBoard>;
