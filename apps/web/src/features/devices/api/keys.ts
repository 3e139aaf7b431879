/** Query keys of the devices feature. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (query: object) => [...deviceKeys.lists(), query] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  credentials: (id: number) => [...deviceKeys.detail(id), 'credentials'] as const,
  slaves: (id: number) => [...deviceKeys.detail(id), 'slaves'] as const,
  points: (id: number) => [...deviceKeys.detail(id), 'points'] as const,
  lastdp: (id: number) => [...deviceKeys.detail(id), 'lastdp'] as const,
  commandsAll: (id: number) => [...deviceKeys.detail(id), 'commands'] as const,
  commands: (id: number, query: object) => [...deviceKeys.commandsAll(id), query] as const,
  onoffline: (id: number, query: object) => [...deviceKeys.detail(id), 'onoffline', query] as const,
  signal: (id: number) => [...deviceKeys.detail(id), 'signal'] as const,
  templates: () => [...deviceKeys.all, 'templates'] as const,
  templateList: (query: object) => [...deviceKeys.templates(), query] as const,
  models: () => [...deviceKeys.all, 'models'] as const,
};
