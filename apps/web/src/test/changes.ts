import { CHANGE_KINDS, type ChangeEvent, type ChangeKind, type ChangeOp } from '@shipyard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import type { ChangeListener } from '../lib/realtime-changes.ts';
import { createTestQueryClient } from './render.tsx';

// Testing a feature's realtime listener (features/<f>/api/changes.ts) against its own caches.

const sampleIds: Partial<Record<ChangeKind, string>> = {
  task: 't-1',
  comment: 't-1',
  watcher: 't-1',
  time: 't-1',
  team: 'team-1',
  member: 'team-1',
  product: 'p-1',
  user: 'u-2',
};
const productless: ChangeKind[] = ['notification', 'service', 'user'];

/**
 * A change of `kind`, 'updated' unless told: to t-1 for a task, comment, watcher or time (their id is
 * the task's), team-1 for a team or membership, p-1 for a product, u-2 for a user; of product p-1
 * unless it belongs to none.
 */
export function change(
  kind: ChangeKind,
  { op = 'updated', id, productId }: { op?: ChangeOp; id?: string; productId?: string | null } = {},
): ChangeEvent {
  return {
    type: 'change',
    kind,
    op,
    id: id ?? sampleIds[kind] ?? `${kind}-1`,
    productId: productId === undefined ? (productless.includes(kind) ? null : 'p-1') : productId,
    version: 1,
  };
}

/**
 * The names of `caches` (each cached as `data[name]`, or {}) that `listener` says `event`
 * touches, sorted; one it only marks stale reads 'name (marked)'.
 */
export function touched<C extends string>(
  listener: ChangeListener,
  caches: Record<C, QueryKey>,
  event: ChangeEvent,
  data: Partial<Record<C, unknown>> = {},
): string[] {
  const queryClient = createTestQueryClient();
  const targets = listener.on[event.kind]?.(event) ?? [];
  const names = (Object.keys(caches) as C[]).flatMap((name) => {
    const queryKey: QueryKey = caches[name];
    queryClient.setQueryData(queryKey, data[name] ?? {});
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    const hits = targets.filter((target) => query && target.match(query));
    if (hits.length === 0) return [];
    return [hits.some((target) => !target.stale) ? name : `${name} (marked)`];
  });
  queryClient.clear();
  return names.sort();
}

/**
 * One test per change kind: which of `caches` the listener touches on a `change(kind)`. A kind
 * left out of `expected` touches none of them.
 */
export function itTouchesOnEveryKind<C extends string>(
  listener: ChangeListener,
  caches: Record<C, QueryKey>,
  expected: Partial<Record<ChangeKind, readonly C[]>>,
  data: Partial<Record<C, unknown>> = {},
) {
  it.each(CHANGE_KINDS.map((kind) => [kind, [...(expected[kind] ?? [])].sort()] as const))(
    'on a %s change, refreshes %j',
    (kind, names) => {
      expect(touched(listener, caches, change(kind), data)).toEqual(names);
    },
  );
}
