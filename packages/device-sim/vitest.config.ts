import { defineConfig } from 'vitest/config';

export default defineConfig({
  // root pinned so `vitest run --config packages/device-sim/vitest.config.ts` works from the repo root too
  test: { name: 'device-sim', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
