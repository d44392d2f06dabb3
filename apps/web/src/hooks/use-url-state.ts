import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A change to the search parameters: `null`/`undefined`, or a key's default value, removes the key. */
export type UrlPatch<K extends string = string> = Partial<
  Record<K | (string & {}), string | null | undefined>
>;

export type UrlStateOptions = {
  /** Replace the current history entry (the default) or push a new one (`false`). */
  replace?: boolean;
  /** Keep the scroll position (filters above a long list). */
  preventScrollReset?: boolean;
};

/**
 * The search last written through these hooks, until the router's location shows it. React
 * Router hands a functional update the search of the hook's last render, so two writes before the
 * next render (a click on a tab, then a search box's debounced write) would make the second undo
 * the first; each write starts from this instead while it is pending.
 */
let pendingSearch: string | undefined;

function latestSearch(current: URLSearchParams): URLSearchParams {
  return pendingSearch === undefined ? current : new URLSearchParams(pendingSearch);
}

/** Forgets the pending write once a new location (the write itself, or Back) has rendered. */
function useSettledSearch() {
  const { key, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is the trigger
  useEffect(() => {
    pendingSearch = undefined;
  }, [key, search]);
}

/**
 * Apply `patch` to `current`: a key set to `null`/`undefined` or to its default is removed, so the
 * URL carries only what differs from the defaults; any other value (even '' for a key without a
 * default) is set. Other keys are kept.
 */
export function applyUrlPatch(
  current: URLSearchParams,
  patch: UrlPatch,
  defaults: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || (key in defaults && value === defaults[key]))
      next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * State kept in the URL's search parameters, so a reload, a shared link or the back button shows
 * the same thing. `values` holds each key of `defaults`, read from the URL or its default; `set`
 * changes some keys (see `applyUrlPatch`), replacing the history entry unless told to push;
 * `params` is the whole search for callers that parse more.
 */
export function useUrlState<K extends string>(
  defaults: Readonly<Record<K, string>> = {} as Record<K, string>,
) {
  const [params, setParams] = useSearchParams();
  useSettledSearch();
  // The defaults are constants of the caller; the first ones are kept so `set` stays stable.
  const defaultsRef = useRef(defaults);

  const values = useMemo(() => {
    const read = {} as Record<K, string>;
    for (const key of Object.keys(defaultsRef.current) as K[])
      read[key] = params.get(key) ?? defaultsRef.current[key];
    return read;
  }, [params]);

  const set = useCallback(
    (patch: UrlPatch<K>, { replace = true, preventScrollReset }: UrlStateOptions = {}) =>
      setParams(
        (current) => {
          const next = applyUrlPatch(latestSearch(current), patch, defaultsRef.current);
          pendingSearch = next.toString();
          return next;
        },
        { replace, preventScrollReset },
      ),
    [setParams],
  );

  return { values, set, params };
}

/**
 * State with its own reader and writer of the whole search (several keys, validated values): the
 * state read from the URL (the same object while the search is unchanged) and `update`, which
 * merges a patch into the current state and writes it back.
 */
export function useUrlSearchState<S extends object>(
  read: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams | string,
  defaultOptions: UrlStateOptions = {},
) {
  const [params, setParams] = useSearchParams();
  useSettledSearch();
  const codec = useRef({ read, write, defaultOptions });
  const state = useMemo(() => codec.current.read(params), [params]);

  const update = useCallback(
    (patch: Partial<S>, options: UrlStateOptions = {}) => {
      const { replace = true, preventScrollReset } = { ...codec.current.defaultOptions, ...options };
      setParams(
        (current) => {
          const state = codec.current.read(latestSearch(current));
          const next = new URLSearchParams(codec.current.write({ ...state, ...patch }));
          pendingSearch = next.toString();
          return next;
        },
        {
          replace,
          preventScrollReset,
        },
      );
    },
    [setParams],
  );

  return [state, update] as const;
}
