import DataLoader from 'dataloader';

// Lookups that every request makes (its session, the freshness probe of a shared answer) share
// round trips to PostgreSQL under load (docs/decisions/023-request-hot-path.md, "One round trip
// for many requests"): one batch goes at a time, and the keys asked while it is out wait for it
// and then go together in the next. Each key is still read by a statement sent after it was
// asked, so it sees every write committed before its request arrived; an idle server sends a
// key alone at once. Batching is DataLoader's, without its cache.

/** A loader for `load`: one batch in flight at most; a batch holds at most `maxBatch` keys. */
export function createSharedRoundTrips<K, V>(
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  { maxBatch = 200 }: { maxBatch?: number } = {},
): (key: K) => Promise<V> {
  let inFlight = 0;
  /** The dispatches of the batches gathered while another was in flight (more than one when full). */
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      inFlight++;
      try {
        return await load(keys);
      } finally {
        inFlight--;
        if (inFlight === 0) for (const dispatch of waiting.splice(0)) dispatch();
      }
    },
    {
      cache: false,
      maxBatchSize: maxBatch,
      batchScheduleFn: (dispatch) => {
        if (inFlight > 0) waiting.push(dispatch);
        // The keys asked in this turn of the event loop go together.
        else setImmediate(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
