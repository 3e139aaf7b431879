/** Query keys of the OTA gateway registry (the SIM page reads and links gateways too). */
export const otaGatewayKeys = {
  all: ['ota-gateways'] as const,
  lists: () => [...otaGatewayKeys.all, 'list'] as const,
  list: (query: object) => [...otaGatewayKeys.lists(), query] as const,
  assignees: (search: string) => [...otaGatewayKeys.all, 'assignees', search] as const,
  signal: (id: number) => [...otaGatewayKeys.all, 'signal', id] as const,
};
