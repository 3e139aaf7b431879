/** Query keys of the notices feature (SMS and voice providers, phone codes). */
export const noticeKeys = {
  all: ['notices'] as const,
  providers: () => [...noticeKeys.all, 'providers'] as const,
};
