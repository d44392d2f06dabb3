import type { ChangeEvent } from '@shipyard/shared';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { ChangeListener, Target } from '../../lib/realtime-changes.ts';

// Applies server changes to the query cache (issue 8). Which caches a change touches is each
// feature's to say (features/<f>/api/changes.ts, listed in listeners.ts); this batches what they
// name and invalidates it: the queries on screen refetch, the others are fetched when next shown.
// A feature may patch its caches in place instead (the task lists, see syncCachedTask).

/** A burst of events (a drag, a bulk change) within this window refetches each query once. */
export const CHANGE_BATCH_MS = 75;
/**
 * While a mutation is in flight a refetch could land before it commits and move an optimistic
 * card back for a moment: the batch waits for it, but never longer than this.
 */
export const MUTATION_WAIT_MAX_MS = 1_000;

const everything: Target = { match: () => true };
const matchesAny = (targets: Target[], query: Query) => targets.some((target) => target.match(query));

/**
 * Applies server messages to the query cache, in batches: a change adds the caches the listeners
 * name, a resync all of them; CHANGE_BATCH_MS after the first one, each touched query is
 * invalidated once.
 */
export function createChangeApplier(
  queryClient: QueryClient,
  listeners: readonly ChangeListener[],
  { batchMs = CHANGE_BATCH_MS, mutationWaitMs = MUTATION_WAIT_MAX_MS } = {},
) {
  let pending: Target[] = [];
  /** The newest event of each changed object that a listener patches, in this batch. */
  let patches = new Map<string, ChangeEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let since = 0;

  function flush() {
    timer = undefined;
    if (queryClient.isMutating() > 0 && Date.now() - since < mutationWaitMs) {
      timer = setTimeout(flush, batchMs);
      return;
    }
    for (const change of patches.values()) {
      for (const { patch } of listeners) pending.push(...(patch?.[change.kind]?.(queryClient, change) ?? []));
    }
    patches = new Map();
    const active = pending.filter((target) => !target.stale);
    const stale = pending.filter((target) => target.stale);
    pending = [];
    void queryClient.invalidateQueries({
      predicate: (query) => matchesAny(active, query),
      refetchType: 'active',
    });
    if (stale.length > 0) {
      void queryClient.invalidateQueries({
        predicate: (query) => !matchesAny(active, query) && matchesAny(stale, query),
        refetchType: 'none',
      });
    }
  }

  return {
    apply(message: ChangeEvent | { type: 'resync' }) {
      if (message.type === 'resync') {
        pending.push(everything);
      } else {
        for (const { on, patch } of listeners) {
          pending.push(...(on[message.kind]?.(message) ?? []));
          if (patch?.[message.kind]) patches.set(`${message.kind}:${message.id}`, message);
        }
      }
      if (timer === undefined) {
        since = Date.now();
        timer = setTimeout(flush, batchMs);
      }
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
      patches = new Map();
    },
  };
}
