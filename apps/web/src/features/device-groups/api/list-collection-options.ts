import { useQuery } from '@tanstack/react-query';
import type { CollectionKind } from '../lib/kinds';
import { collectionKeys } from './keys';
import { listCollection } from './list-collection';

/** The first 100 rows for a select; quietly empty without the permission. */
export function useCollectionOptions(kind: CollectionKind, enabled: boolean) {
  const query = { page: 1, limit: 100, search: '' };
  return useQuery({
    queryKey: collectionKeys.list(kind, query),
    queryFn: ({ signal }) => listCollection(kind, query, { signal, notify: false }),
    enabled,
    retry: false,
  });
}
