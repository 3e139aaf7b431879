/** Query keys of the file download list (export jobs). */
export const fileDownloadKeys = {
  all: ['file-download'] as const,
  lists: () => [...fileDownloadKeys.all, 'list'] as const,
  list: (query: object) => [...fileDownloadKeys.lists(), query] as const,
};
