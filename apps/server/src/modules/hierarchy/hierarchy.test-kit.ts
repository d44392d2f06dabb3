import type { Req } from '../../testing/http.ts';

// The requests the hierarchy tests send (issue 29).

export const createTaskReq = (payload: object): Req => ({ method: 'POST', url: '/api/tasks', payload });
export const editTask = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${id}/update`,
  payload,
});
export const setStatus = (id: string, status: string): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${id}/task/update`,
  payload: { status },
});
export const getTask = (id: string): Req => ({ url: `/api/tasks/${id}` });
export const subtasksOf = (id: string): Req => ({ url: `/api/tasks/${id}/subtasks` });
export const relationsOf = (id: string): Req => ({ url: `/api/tasks/${id}/relations` });
export const relate = (id: string, type: string, taskId: string): Req => ({
  method: 'POST',
  url: `/api/tasks/${id}/relations`,
  payload: { type, taskId },
});
export const unrelate = (id: string, relationId: string): Req => ({
  method: 'DELETE',
  url: `/api/tasks/${id}/relations/${relationId}`,
});
export const boardOf = (productId: string): Req => ({ url: `/api/tasks/${productId}/board` });
export const scaleOf = (productId: string, scale?: string): Req => ({
  url: `/api/projects/${productId}/estimates${scale ? `?scale=${scale}` : ''}`,
});
export const setScale = (productId: string, scale: string): Req => ({
  method: 'PUT',
  url: `/api/projects/${productId}/estimates`,
  payload: { scale },
});

type Card = { id: string; subtasks: { done: number; total: number }; blocked: boolean; blockedBy: string[] };
type Board = { columns: { status: string; estimateSum: number; cards: Card[] }[] };
/** A card of the board, wherever its column. */
export const cardOf = (board: Board, id: string) =>
  board.columns.flatMap((c) => c.cards).find((card) => card.id === id);
