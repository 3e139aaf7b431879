/** Query keys of the SCADA lists (apps and templates share one list endpoint). */
export const scadaKeys = {
  all: ['scada'] as const,
  lists: () => [...scadaKeys.all, 'list'] as const,
  list: (query: object) => [...scadaKeys.lists(), query] as const,
};
