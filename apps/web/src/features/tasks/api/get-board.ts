import type { BoardCard, Task, TaskBoard, TaskList, TaskStatus } from '@shipyard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { type TaskListParams, taskListQuery } from './get-tasks.ts';

// A product's board in one request (issue 17, docs/decisions/022-board-in-one-request.md):
// GET /tasks/{productId}/board answers every column's first cards. Each column stays its own
// cached task list (taskKeys.list, which drags, realtime and the other screens patch): its first
// page comes from the board, shared by the columns asking at once, and the next ones from the
// board route too (that column, from the cursor the board gave), in the same manual order.

export type BoardParams = Omit<TaskListParams, 'limit'> & { productId: string };

/** The board answer's cache: never served stale (staleTime 0), only shared by the columns asking together. */
export const boardKey = (params: BoardParams) => [...queryRoots.tasks, 'board', params] as const;

function getBoard(params: BoardParams, signal?: AbortSignal, cursor: string | null = null) {
  // The list's query string without the page size (a column's next page: its status and cursor).
  const query = taskListQuery({ ...params, limit: 0 }, cursor).replace(/^limit=0&?/, '');
  return api.get<TaskBoard>(
    `/tasks/${encodeURIComponent(params.productId)}/board${query ? `?${query}` : ''}`,
    { signal },
  );
}

/**
 * The tasks a board answer carries, as compact as the card: no description, no team name, no
 * creator. Whoever needs the whole task (the edit dialog) reads it first (`isBoardCard`).
 */
const boardCards = new WeakSet<Task>();
export const isBoardCard = (task: Task) => boardCards.has(task);

/** A board column: a product's workflow state (issue 29), or a status where no state is named. */
export type BoardColumnKey = { status: TaskStatus; stateId?: string | undefined };

function cardTask(
  board: TaskBoard,
  { status, stateId }: BoardColumnKey,
  card: BoardCard,
  labels: Map<string, Task['labels'][number]>,
  people: Map<string, NonNullable<Task['assignee']>>,
): Task {
  const task: Task = {
    id: card.id,
    _id: card.id,
    number: Number(card.key.split('-').at(-1)),
    key: card.key,
    title: card.title,
    description: '',
    status,
    priority: card.priority,
    phase: card.phase,
    dueDate: card.dueDate,
    teamId: card.teamId,
    team: null,
    assigneeId: card.assigneeId,
    assignee: card.assigneeId ? (people.get(card.assigneeId) ?? null) : null,
    projectId: board.product.id,
    product_id: board.product.id,
    project: board.product,
    createdBy: null,
    completedAt: null,
    fields: card.fields ?? {},
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    checklist: card.checklist,
    rank: card.rank,
    labels: card.labelIds.flatMap((id) => labels.get(id) ?? []),
    ...(card.recurring && { recurring: true }),
    stateId: stateId ?? null,
    // Issue 29: the card's sub-task counts, estimate and blocked mark (its parent is on its page).
    parentId: null,
    subtasks: card.subtasks,
    estimate: card.estimate,
    blocked: card.blocked,
    blockedBy: card.blockedBy,
  };
  boardCards.add(task);
  return task;
}

/** One column of a board answer as the first page of its task list. */
function boardColumnPage(board: TaskBoard, key: BoardColumnKey): TaskList {
  const column = board.columns.find((c) =>
    key.stateId ? c.state?.id === key.stateId : c.status === key.status,
  );
  if (!column) return { data: [], total: 0, nextCursor: null };
  const at = { status: column.status, stateId: column.state?.id };
  const labels = new Map(board.labels.map((label) => [label.id, label]));
  const people = new Map(board.people.map((person) => [person.id, person]));
  return {
    data: column.cards.map((card) => cardTask(board, at, card, labels, people)),
    total: column.total,
    nextCursor: column.nextCursor,
    estimateSum: column.estimateSum,
    // Names for the cards' person fields shown on cards (issue 29).
    people: board.people,
  };
}

/**
 * A column's first page, from the board: the columns that ask together (they mount, or are
 * refetched, at once) share one request; each later ask makes a new one.
 */
export async function boardColumnFirstPage(
  queryClient: QueryClient,
  params: BoardParams,
  column: BoardColumnKey,
): Promise<TaskList> {
  const board = await queryClient.fetchQuery({
    queryKey: boardKey(params),
    // Not the column's signal: one column giving up must not cancel the others' answer.
    queryFn: () => getBoard(params),
    staleTime: 0,
    gcTime: 10_000,
  });
  return boardColumnPage(board, column);
}

/** A column's next page: GET /tasks/{productId}/board with its state and the cursor it ended at. */
export async function boardColumnNextPage(
  params: BoardParams,
  column: BoardColumnKey,
  cursor: string,
  signal?: AbortSignal,
): Promise<TaskList> {
  const only = column.stateId ? { stateId: [column.stateId] } : { status: [column.status] };
  return boardColumnPage(await getBoard({ ...params, ...only }, signal, cursor), column);
}
