import { useQueryClient } from '@tanstack/react-query';
import { assetKeys } from './assets';

/** Refetches every device ledger query after a change. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
}
