import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCollectionItemBody,
  CollectionItem,
  CollectionResponse,
} from '#shared/schemas/collections.ts';
import type { CollectionEstimatesResponse, CollectionValueResponse } from '#shared/schemas/valuation.ts';
import { api } from '#web/lib/api-client.ts';

/** Under ['users', id, …] so a live collection event for that user refreshes it in every open tab. */
const collectionKey = (userId: string) => ['users', userId, 'collection'] as const;

export function useCollection(userId: string) {
  return useQuery({
    queryKey: collectionKey(userId),
    queryFn: ({ signal }) =>
      api<CollectionResponse>(`/api/users/${encodeURIComponent(userId)}/collection`, { signal }),
  });
}

/**
 * Each valued collected card's estimate; refreshed with the collection. Asked for only where the server
 * answers it: to the owner, or when the owner shows their collection's value.
 */
export function useCollectionEstimates(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...collectionKey(userId), 'estimates'] as const,
    queryFn: ({ signal }) =>
      api<CollectionEstimatesResponse>(`/api/users/${encodeURIComponent(userId)}/collection/estimates`, {
        signal,
      }),
    enabled,
  });
}

/** A collection's value and its history, refreshed with the collection: the owner's, or one they show. */
export function useCollectionValue(ownerId: string) {
  return useQuery({
    queryKey: [...collectionKey(ownerId), 'value'] as const,
    queryFn: ({ signal }) =>
      api<CollectionValueResponse>(`/api/users/${encodeURIComponent(ownerId)}/collection/value`, { signal }),
  });
}

export function useAddCollectionItem(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCollectionItemBody) =>
      api<CollectionItem>('/api/users/me/collection', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKey(ownerId) }),
  });
}

export function useRemoveCollectionItem(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      api<void>(`/api/users/me/collection/${encodeURIComponent(itemId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKey(ownerId) }),
  });
}
