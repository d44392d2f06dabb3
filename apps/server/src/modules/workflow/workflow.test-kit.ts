import type { WorkflowState } from '@shipyard/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Req, Signed } from '../../testing/http.ts';

// The requests of the workflow tests (decision 029: a module's kit).

type As = (who: Signed | undefined, req: Req) => Promise<LightMyRequestResponse>;

export const listStates = (productId: string): Req => ({ url: `/api/projects/${productId}/states` });
export const addState = (productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/projects/${productId}/states`,
  payload,
});
export const editState = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/states/${id}`,
  payload,
});
export const orderStates = (productId: string, stateIds: string[]): Req => ({
  method: 'PUT',
  url: `/api/projects/${productId}/states/order`,
  payload: { stateIds },
});
export const deleteState = (id: string, moveTo?: string): Req => ({
  method: 'DELETE',
  url: `/api/states/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`,
});

/** The product's states in board order. */
export async function statesOf(as: As, who: Signed, productId: string): Promise<WorkflowState[]> {
  const res = await as(who, listStates(productId));
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A new state, made by `who`. */
export async function stateIn(
  as: As,
  who: Signed,
  productId: string,
  payload: object,
): Promise<WorkflowState> {
  const res = await as(who, addState(productId, payload));
  expect(res.statusCode).toBe(201);
  return res.json();
}
