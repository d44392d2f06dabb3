import { expect } from 'vitest';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

// The event route tests' prelude: the requests they send, an event scheduled through the API and
// what a viewer sees on the calendar.

export type Item = { id: string; source: string; title: string; date: string; canEdit: boolean };
export const create = (payload: object): Req => ({ method: 'POST', url: '/api/events', payload });
export const edit = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/events/${id}`,
  payload,
});
export const remove = (id: string): Req => ({ method: 'DELETE', url: `/api/events/${id}` });
export const range = (from: string, to: string, extra = ''): Req => ({
  url: `/api/events?from=${from}&to=${to}${extra}`,
});

export function useEventTests() {
  const prelude = useTestApp();
  const { as } = prelude;

  /** The titles a viewer sees on the days from..to. */
  async function titlesSeen(who: Signed, from = '2026-01-01', to = '2026-12-31'): Promise<string[]> {
    const res = await as(who, range(from, to));
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Item[] }>().data.map((item) => item.title);
  }
  /** A member's product (its target date far from the events' days unless told) and its team. */
  const productOf = (
    owner: Signed,
    people: Signed[] = [],
    values: { name?: string; targetEndDate?: string } = {},
  ) => prelude.productOf(owner, people, { targetEndDate: '2030-12-31', ...values });
  /** An event scheduled through the API by `who`; answers its id. */
  async function scheduled(who: Signed, values: object = {}): Promise<string> {
    const res = await as(who, create({ title: 'Sync', date: '2026-05-04', type: 'meeting', ...values }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  return { ...prelude, titlesSeen, productOf, scheduled };
}
