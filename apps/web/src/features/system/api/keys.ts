/** Query keys of the system feature (public configuration and per-domain customization). */
export const systemKeys = {
  all: ['system'] as const,
  config: () => [...systemKeys.all, 'config'] as const,
  customize: (domain: string) => [...systemKeys.all, 'customize', domain] as const,
};
