/** Query keys of the monitoring screens and maps. */
export const screenKeys = {
  all: ['screens'] as const,
  big: () => [...screenKeys.all, 'big'] as const,
  mapConfig: () => [...screenKeys.all, 'mapConfig'] as const,
  mapDevicesAll: () => [...screenKeys.all, 'mapDevices'] as const,
  mapDevices: (query: object) => [...screenKeys.mapDevicesAll(), query] as const,
  deviceScada: (deviceId: number) => [...screenKeys.all, 'deviceScada', deviceId] as const,
};
