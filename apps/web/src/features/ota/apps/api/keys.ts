/** Query keys of the OTA applications (firmware packages). */
export const otaAppKeys = {
  all: ['ota-applications'] as const,
  lists: () => [...otaAppKeys.all, 'list'] as const,
  list: (query: object) => [...otaAppKeys.lists(), query] as const,
};
