import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { COLLECTION_PATH, type CollectionKind } from '../lib/kinds';
import { invalidateCollections } from './save-collection';

/** DELETE: the devices stay, their group / project / company becomes empty. */
export function deleteCollection(input: { kind: CollectionKind; id: number }) {
  return api.delete<null>(`${COLLECTION_PATH[input.kind]}/${input.id}`);
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCollection, onSuccess: () => invalidateCollections(queryClient) });
}
