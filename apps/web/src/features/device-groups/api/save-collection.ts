import type { CompanyBody, ProjectBody } from '@fleet/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from '../../devices/api/keys';
import { COLLECTION_PATH, type CollectionKind } from '../lib/kinds';
import { collectionKeys } from './keys';
import type { CollectionRow } from './list-collection';

export type CollectionBody = ProjectBody | CompanyBody;

/** Create (no id) or update a group, project or company; 10002 answers go under the field. */
export function saveCollection(input: { kind: CollectionKind; id?: number; body: CollectionBody }) {
  const base = COLLECTION_PATH[input.kind];
  return input.id
    ? api.put<CollectionRow>(`${base}/${input.id}`, input.body, { notify: false })
    : api.post<CollectionRow>(base, input.body, { notify: false });
}

/** After a save or a delete: every collection list, and the device lists. */
export function invalidateCollections(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
    // Device rows carry the group / project / company names.
    queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
  ]);
}

export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCollection, onSuccess: () => invalidateCollections(queryClient) });
}
