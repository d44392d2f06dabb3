import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Req, Signed } from '../../testing/http.ts';

// What the saved views' route tests send and read.

export const createView = (payload: object): Req => ({ method: 'POST', url: '/api/views', payload });
export const editView = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/views/${id}`,
  payload,
});
export const deleteView = (id: string): Req => ({ method: 'DELETE', url: `/api/views/${id}` });
export const pinView = (id: string): Req => ({ method: 'PUT', url: `/api/views/${id}/pin` });
export const unpinView = (id: string): Req => ({ method: 'DELETE', url: `/api/views/${id}/pin` });
export const getView = (id: string): Req => ({ url: `/api/views/${id}` });
export const listViews: Req = { url: '/api/views' };

type As = (who: Signed | undefined, req: Req) => Promise<LightMyRequestResponse>;

/** A view saved by `who` (201 expected); answers its body. */
export async function savedView(as: As, who: Signed, payload: object) {
  const res = await as(who, createView(payload));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; count: number; pinned: boolean; canEdit: boolean };
}

/** The names of the views `who` lists, in order. */
export async function viewNames(as: As, who: Signed) {
  const res = await as(who, listViews);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { name: string }[] }).data.map((v) => v.name);
}
