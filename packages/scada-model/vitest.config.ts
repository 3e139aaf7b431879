import { defineConfig } from 'vitest/config';

export default defineConfig({
  // root pinned so `vitest run --config packages/scada-model/vitest.config.ts` works from the repo root too
  test: {
    name: 'scada-model',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
