/** Query keys of the SIM cards (the gateway mutations invalidate `all` too: a card lists its gateways). */
export const otaSimKeys = {
  all: ['ota-sims'] as const,
  lists: () => [...otaSimKeys.all, 'list'] as const,
  list: (query: object) => [...otaSimKeys.lists(), query] as const,
};
