import { useCallback, useMemo, useState } from 'react';
import { useUrlSearchState, useUrlState } from '../../../hooks/use-url-state.ts';
import {
  defaultTasksSearch,
  filtersOf,
  isNarrowed,
  labelParam,
  productTaskFilters,
  readTasksSearch,
  type StatusTab,
  writeTasksSearch,
} from './task-search-params.ts';

// Filters push a history entry (Back undoes one); the list below keeps its scroll position.
const TASKS_URL_OPTIONS = { replace: false, preventScrollReset: true };

/** The tasks page's search, filters and tab, kept in the URL. */
export function useTasksPageFilters() {
  const [state, update] = useUrlSearchState(readTasksSearch, writeTasksSearch, TASKS_URL_OPTIONS);
  // The same filters (by value) keep the same object, so the lists below do not start over.
  const filterKey = writeTasksSearch({ ...state, view: 'list' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter values
  const filters = useMemo(() => filtersOf(state), [filterKey]);
  const clear = () => update({ ...defaultTasksSearch, view: state.view });
  return { state, update, filters, narrowed: isNarrowed(state), clear };
}

const LABEL_DEFAULTS = { label: '' } as const;

/**
 * A product's Tasks tab's filters: the status tab, on screen; the label, kept in the URL
 * (?label=…), so a reload or a shared link shows the same tasks.
 */
export function useProductTasksFilters(productId: string) {
  const [status, setStatus] = useState<StatusTab>('all');
  const { params, set } = useUrlState(LABEL_DEFAULTS);
  const labelId = labelParam(params);
  const setLabel = useCallback(
    (label: string | undefined) => set({ label }, { preventScrollReset: true }),
    [set],
  );
  const filters = useMemo(() => productTaskFilters(productId, status, labelId), [productId, status, labelId]);
  return { status, setStatus, labelId, setLabel, filters };
}
