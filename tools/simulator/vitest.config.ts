import { defineConfig } from 'vitest/config';

export default defineConfig({
  // root pinned so `vitest run --config tools/simulator/vitest.config.ts` works from the repo root too
  test: { name: 'simulator', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
