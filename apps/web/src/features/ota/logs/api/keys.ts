/** Query keys of the OTA log and the error traces. */
export const otaLogKeys = {
  all: ['ota-log'] as const,
  list: (kind: 'log' | 'strace', query: object) => [...otaLogKeys.all, kind, query] as const,
};
