/** Query keys of the data report page (report, point names, schedules). */
export const reportKeys = {
  all: ['data-report'] as const,
  reports: () => [...reportKeys.all, 'report'] as const,
  report: (query: object) => [...reportKeys.reports(), query] as const,
  points: (subject: object) => [...reportKeys.all, 'points', subject] as const,
  schedules: () => [...reportKeys.all, 'schedules'] as const,
  scheduleList: (query: object) => [...reportKeys.schedules(), query] as const,
};
