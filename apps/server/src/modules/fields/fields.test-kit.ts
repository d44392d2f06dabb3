import type { Field } from '@shipyard/shared';
import { expect } from 'vitest';
import type { Req, Signed } from '../../testing/http.ts';

// Requests the custom fields tests send (issue 29).

export const createField = (productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/projects/${productId}/fields`,
  payload,
});
export const editField = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/fields/${id}`,
  payload,
});
export const dropField = (id: string): Req => ({ method: 'DELETE', url: `/api/fields/${id}` });
export const setFields = (taskId: string, fields: object): Req => ({
  method: 'PUT',
  url: `/api/tasks/${taskId}/fields`,
  payload: { fields },
});

export const SEVERITY = {
  name: 'Severity',
  type: 'select',
  options: [
    { name: 'Low', color: '#22c55e' },
    { name: 'High', color: '#ef4444' },
  ],
  showOnCards: true,
};

/** A field made by `who` (the product's creator or an admin), answered as the API does. */
export async function fieldOf(
  as: (who: Signed | undefined, req: Req) => Promise<{ statusCode: number; json: () => unknown }>,
  who: Signed,
  productId: string,
  payload: object,
): Promise<Field> {
  const res = await as(who, createField(productId, payload));
  expect(res.statusCode).toBe(201);
  return res.json() as Field;
}
