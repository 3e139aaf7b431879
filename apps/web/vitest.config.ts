import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Ant Design renders in jsdom take a few hundred ms alone but seconds beside the server suite on
    // two cores; the default 5 s guard failed correct tests on a loaded machine, and 30 s failed a
    // select-heavy drawer test (PlanDrawer) in a CI run where the whole machine ran 2.5x slower.
    testTimeout: 60_000,
  },
});
