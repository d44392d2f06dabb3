import { describe, expect, it } from 'vitest';
import { encodeChanges } from './bus.ts';

describe('encodeChanges', () => {
  const change = (i: number) => ({
    kind: 'task',
    op: 'updated',
    id: `task-${i}`,
    productId: 'p',
    version: i,
  });

  it('keeps a small batch in one JSON array', () => {
    const [one, ...rest] = encodeChanges([change(1), change(2)], 7_900);
    expect(rest).toEqual([]);
    expect(JSON.parse(one ?? '')).toEqual([change(1), change(2)]);
  });

  it('splits a large batch into payloads under the limit, in order, losing nothing', () => {
    const all = Array.from({ length: 500 }, (_, i) => change(i));
    const payloads = encodeChanges(all, 1_000);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(1_000);
    expect(payloads.flatMap((p) => JSON.parse(p))).toEqual(all);
  });

  it('refuses one change that cannot fit rather than sending it broken', () => {
    expect(() => encodeChanges([{ id: 'x'.repeat(2_000) }], 1_000)).toThrow('does not fit');
  });
});
