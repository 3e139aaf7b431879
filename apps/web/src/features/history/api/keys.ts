/** Query keys of the history feature (history chart and table, statistical report). */
export const historyKeys = {
  all: ['history'] as const,
  streams: (deviceId: number) => [...historyKeys.all, 'dss', deviceId] as const,
  series: (query: object) => [...historyKeys.all, 'series', query] as const,
  rows: (query: object) => [...historyKeys.all, 'rows', query] as const,
  statReports: () => [...historyKeys.all, 'statReport'] as const,
  statReport: (query: object) => [...historyKeys.statReports(), query] as const,
};
