/** Query keys of the devices feature. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (query: object) => [...deviceKeys.lists(), query] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  credentials: (id: number) => [...deviceKeys.detail(id), 'credentials'] as const,
  slaves: (id: number) => [...deviceKeys.detail(id), 'slaves'] as const,
  points: (id: number) => [...deviceKeys.detail(id), 'points'] as const,
  templates: () => [...deviceKeys.all, 'templates'] as const,
  templateList: (query: object) => [...deviceKeys.templates(), query] as const,
  models: () => [...deviceKeys.all, 'models'] as const,
};
