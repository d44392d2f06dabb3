import { expect } from 'vitest';
import type { Req, useTestApp } from '../../testing/http.ts';

// What the cycles tests share (issue 31): the routes' requests and a product with a running cycle.

type TestApp = ReturnType<typeof useTestApp>;
type Person = Awaited<ReturnType<TestApp['member']>>;
export type CycleBody = {
  id: string;
  status: string;
  tally: { tasks: number; done: number; points: number };
};

export const create = (productId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/projects/${productId}/cycles`,
  payload,
});
export const list = (productId: string): Req => ({ method: 'GET', url: `/api/projects/${productId}/cycles` });
export const DAY = 86_400_000;
export const detail = (id: string): Req => ({ method: 'GET', url: `/api/cycles/${id}` });
export const addTasks = (id: string, taskIds: string[]): Req => ({
  method: 'POST',
  url: `/api/cycles/${id}/tasks`,
  payload: { taskIds },
});

/** The cycles kit for one test app: days counted from its clock, and a running cycle. */
export function cyclesKit({ ctx, as, productOf }: Pick<TestApp, 'ctx' | 'as' | 'productOf'>) {
  const dayFromToday = (n: number) =>
    new Date(ctx.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
  /** A product of `owner` (with `people` in its team) and a current cycle of it. */
  async function running(owner: Person, people: Person[] = []) {
    const { product } = await productOf(owner, people);
    const res = await as(
      owner,
      create(product.id, { name: 'Sprint 1', starts_on: dayFromToday(-3), ends_on: dayFromToday(4) }),
    );
    expect(res.statusCode).toBe(201);
    return { product, cycle: res.json<CycleBody>() };
  }
  return { dayFromToday, running };
}
