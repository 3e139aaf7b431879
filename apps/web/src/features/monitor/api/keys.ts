/** Query keys of the device monitor. */
export const monitorKeys = {
  all: ['monitor'] as const,
  cardsAll: () => [...monitorKeys.all, 'cards'] as const,
  cards: (query: object) => [...monitorKeys.cardsAll(), query] as const,
  mapAll: () => [...monitorKeys.all, 'map'] as const,
  map: (query: object) => [...monitorKeys.mapAll(), query] as const,
};
