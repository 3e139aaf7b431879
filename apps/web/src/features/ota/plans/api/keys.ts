/** Query keys of OTA plans, their devices and the gateways a plan can target. */
export const otaPlanKeys = {
  all: ['ota-plans'] as const,
  lists: () => [...otaPlanKeys.all, 'list'] as const,
  list: (query: object) => [...otaPlanKeys.lists(), query] as const,
  detail: (id: number) => [...otaPlanKeys.all, 'detail', id] as const,
  devices: (id: number, query: object) => [...otaPlanKeys.all, 'devices', id, query] as const,
  gateways: (search: string) => [...otaPlanKeys.all, 'gateways', search] as const,
};

/** Plans and progress are re-read this often while a plan runs. */
export const PLAN_POLL_MS = 2000;
