/** Query keys of maintenance work orders. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  lists: () => [...workOrderKeys.all, 'list'] as const,
  list: (query: object) => [...workOrderKeys.lists(), query] as const,
  details: () => [...workOrderKeys.all, 'detail'] as const,
  detail: (id: number) => [...workOrderKeys.details(), id] as const,
  assignees: () => [...workOrderKeys.all, 'assignees'] as const,
  notices: () => [...workOrderKeys.all, 'notices'] as const,
  file: (orderId: number, hash: string) => [...workOrderKeys.all, 'file', orderId, hash] as const,
};
