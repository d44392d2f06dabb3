import type { Field, FieldsInSight } from '@shipyard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

// The custom fields of every product the viewer sees (issue 29) are read by the tasks feature (the
// /tasks filters, sort and grouping) and kept fresh by the fields feature (its writes and realtime
// changes refresh everything under queryRoots.fields), so their query lives here.

const NO_FIELDS: Field[] = [];

/**
 * GET /api/fields: every visible product's fields, by product name and position. `enabled`: false
 * until they are needed (a list whose tasks have no value asks nothing).
 */
export function useFieldsInSight(enabled = true) {
  const query = useQuery({
    enabled,
    queryKey: sharedKeys.fieldsInSight,
    queryFn: ({ signal }) => api.get<FieldsInSight>('/fields', { signal }),
    staleTime: 60_000,
  });
  return query.data?.data ?? NO_FIELDS;
}
