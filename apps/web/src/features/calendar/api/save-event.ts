import type { CalendarEvent, CreateEvent, OccurrenceScope, UpdateEvent } from '@shipyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';
import { eventKeys } from './get-events.ts';

/** POST /api/events; the server fills `createdBy` from the session. */
function createEvent(body: CreateEvent): Promise<CalendarEvent> {
  return api.post<CalendarEvent>('/events', body);
}

/** PATCH /api/events/{id} with the changed fields. */
function updateEvent({ id, ...body }: UpdateEvent & { id: string }): Promise<CalendarEvent> {
  return api.patch<CalendarEvent>(`/events/${encodeURIComponent(id)}`, body);
}

/** DELETE /api/events/{id}. */
function deleteEvent(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/events/${encodeURIComponent(id)}`);
}

/** One date of a repeating event: the series' id, the day its rule gives it, and what it applies to. */
export type OccurrenceTarget = { id: string; day: string; scope: OccurrenceScope };
const occurrencePath = ({ id, day, scope }: OccurrenceTarget) =>
  `/events/${encodeURIComponent(id)}/occurrences/${encodeURIComponent(day)}?scope=${scope}`;

/** PATCH /api/events/{id}/occurrences/{day}?scope=…: that date alone, or it and the following ones. */
function changeOccurrence({
  id,
  day,
  scope,
  ...body
}: UpdateEvent & OccurrenceTarget): Promise<CalendarEvent> {
  return api.patch<CalendarEvent>(occurrencePath({ id, day, scope }), body);
}

/** DELETE /api/events/{id}/occurrences/{day}?scope=…. */
function deleteOccurrence(target: OccurrenceTarget): Promise<{ message: string }> {
  return api.delete<{ message: string }>(occurrencePath(target));
}

/**
 * Every cached range is refetched (an event may move into or out of any of them); an event of a
 * product also changes that product's timeline and the activity log.
 */
export function refreshAfterEventChange(
  queryClient: QueryClient,
  productIds: Array<string | null | undefined>,
) {
  const products = [...new Set(productIds.filter((id): id is string => Boolean(id)))];
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    ...products.map((id) => queryClient.invalidateQueries({ queryKey: sharedKeys.productActivities(id) })),
    products.length > 0 ? queryClient.invalidateQueries({ queryKey: queryRoots.activity }) : undefined,
  ]);
}

// The screens toast (spec §8.2); these keep the caches true.

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => refreshAfterEventChange(queryClient, [event.productId]),
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => refreshAfterEventChange(queryClient, [event.productId]),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: Pick<CalendarEvent, 'id' | 'productId'>) => deleteEvent(event.id),
    onSuccess: (_answer, event) => refreshAfterEventChange(queryClient, [event.productId]),
  });
}

export function useChangeOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOccurrence,
    onSuccess: (event) => refreshAfterEventChange(queryClient, [event.productId]),
  });
}

export function useDeleteOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: OccurrenceTarget & { productId: string | null }) => deleteOccurrence(target),
    onSuccess: (_answer, target) => refreshAfterEventChange(queryClient, [target.productId]),
  });
}
