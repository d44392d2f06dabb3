import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Change } from './changes.ts';
import { createCoalescer } from './coalesce.ts';

// Bursts of one change go out as one per window, the newest; a lone change at once (issue 27 #6).

const task = (version: number, over: Partial<Change> = {}): Change => ({
  kind: 'task',
  op: 'updated',
  id: 't1',
  productId: 'p1',
  version,
  ...over,
});

let flushed: Change[];
let sent: Change[];
let coalescer: ReturnType<typeof createCoalescer>;
const offer = (change: Change) => {
  if (coalescer.admit(change)) sent.push(change);
};
beforeEach(() => {
  vi.useFakeTimers();
  flushed = [];
  sent = [];
  coalescer = createCoalescer(100, (c) => {
    flushed.push(c);
    sent.push(c);
  });
});
afterEach(() => {
  coalescer.close();
  vi.useRealTimers();
});

describe('coalescing changes of one object', () => {
  it('sends a lone change at once, and nothing after it', () => {
    offer(task(1));
    expect(sent.map((c) => c.version)).toEqual([1]);
    vi.advanceTimersByTime(1_000);
    expect(sent.map((c) => c.version)).toEqual([1]);
  });

  it('sends 50 changes within 40 ms as the first at once and the last at the window’s end', () => {
    for (let v = 1; v <= 50; v++) {
      offer(task(v));
      vi.advanceTimersByTime(0.8);
    }
    expect(sent.map((c) => c.version)).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(sent.map((c) => c.version)).toEqual([1, 50]);
    vi.advanceTimersByTime(1_000);
    expect(flushed).toHaveLength(1);
  });

  it('sends a steady stream as one change per window, always the newest', () => {
    for (let v = 1; v <= 100; v++) {
      offer(task(v));
      vi.advanceTimersByTime(10); // a change every 10 ms for a second
    }
    vi.advanceTimersByTime(200);
    const versions = sent.map((c) => c.version ?? 0);
    expect(versions.length).toBeGreaterThanOrEqual(10);
    expect(versions.length).toBeLessThanOrEqual(12);
    expect(versions.at(-1)).toBe(100);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it('never holds one object’s change for another’s, another op, another audience, or an access change', () => {
    offer(task(1));
    offer(task(2, { id: 't2' }));
    offer(task(3, { op: 'deleted' }));
    offer(task(4, { productId: 'p2' })); // the old product's side of a move
    offer(task(5, { kind: 'watcher' }));
    offer(task(6, { userIds: ['u1'] }));
    offer({ kind: 'user', op: 'updated', id: 'u1', productId: null, version: 7, access: ['u1'] });
    offer({ kind: 'user', op: 'updated', id: 'u1', productId: null, version: 8, access: ['u1'] });
    expect(sent.map((c) => c.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
