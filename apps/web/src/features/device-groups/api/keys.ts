import type { CollectionKind } from '../lib/kinds';

/** Query keys of groups, projects and companies. */
export const collectionKeys = {
  all: ['device-collections'] as const,
  kind: (kind: CollectionKind) => [...collectionKeys.all, kind] as const,
  list: (kind: CollectionKind, query: object) => [...collectionKeys.kind(kind), query] as const,
};
