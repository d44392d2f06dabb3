import type { ChangeEvent, ChangeKind } from '@shipyard/shared';
import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';

// What a server change means for a feature's caches (issue 8, docs/decisions/009-realtime.md).
// An event says what changed, not the new state: each feature names the caches of its own that a
// change touches (features/<f>/api/changes.ts), app/realtime/listeners.ts lists those listeners,
// and app/realtime/apply-change.ts invalidates what they name, in batches.

/** One cache (or family of caches) to invalidate; `stale` ones are only marked, not refetched. */
export type Target = { match: (query: Query) => boolean; stale?: boolean };

/** Every cache whose key starts with `key`. */
export const prefix = (key: QueryKey): Target => ({
  match: (query) => partialMatchKey(query.queryKey, key),
});

/** What a key factory's keys start with: its key without the id (['products', 'detail']). */
export const family = (key: (id: string) => QueryKey): QueryKey => key('').slice(0, -1);

/** A product's own cache, or the whole family when the change names no product. */
export const ofProduct = (key: (id: string) => QueryKey, productId: string | null): Target =>
  prefix(productId ? key(productId) : family(key));

/** A feature's answer to a change of each kind it cares about. */
export type ChangeListener = {
  /** The caches of this feature that a change of this kind touches: invalidated after the batch. */
  on: Partial<Record<ChangeKind, (change: ChangeEvent) => Target[]>>;
  /**
   * Caches patched in place rather than refetched (the task lists): called at the end of a batch,
   * once per changed object, with its newest event; answers the caches to refetch after all,
   * where a patch cannot be exact.
   */
  patch?: Partial<Record<ChangeKind, (queryClient: QueryClient, change: ChangeEvent) => Target[]>>;
};
