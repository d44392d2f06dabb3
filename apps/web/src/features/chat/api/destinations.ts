import type {
  ChatDestination,
  ChatDestinationList,
  ChatTestResult,
  CreateChatDestination,
  DeliveryList,
  UpdateChatDestination,
} from '@shipyard/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

const DELIVERY_PAGE_SIZE = 20;

/** A product's chat destinations, and whether the caller manages them. */
export const useChatDestinations = (productId: string) =>
  useQuery({
    queryKey: chatKeys.product(productId),
    queryFn: ({ signal }) =>
      api.get<ChatDestinationList>(`/projects/${encodeURIComponent(productId)}/chat-destinations`, {
        signal,
      }),
  });

/** Add, edit, delete and test; each refreshes the product's list (a test also the destination's log). */
export function useChatWrites(productId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.product(productId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateChatDestination) =>
        api.post<ChatDestination>(`/projects/${encodeURIComponent(productId)}/chat-destinations`, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: UpdateChatDestination & { id: string }) =>
        api.patch<ChatDestination>(`/chat-destinations/${encodeURIComponent(id)}`, patch),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(`/chat-destinations/${encodeURIComponent(id)}`),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) =>
        api.post<ChatTestResult>(`/chat-destinations/${encodeURIComponent(id)}/test`),
      onSettled: (_result, _error, id) =>
        queryClient.invalidateQueries({ queryKey: chatKeys.deliveries(id) }),
    }),
  };
}

const deliveriesQueryOptions = (destinationId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.deliveries(destinationId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return api.get<DeliveryList>(
        `/chat-destinations/${encodeURIComponent(destinationId)}/deliveries?${query}`,
        {
          signal,
        },
      );
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A destination's delivery log, newest first, a page at a time (its managers). */
export const useChatDeliveries = (destinationId: string) =>
  useInfiniteQuery(deliveriesQueryOptions(destinationId));
