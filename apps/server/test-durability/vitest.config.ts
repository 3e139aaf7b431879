import { defineConfig } from 'vitest/config';

// Slow, process-level tests (a private PostgreSQL, the platform as a child process): one file at a
// time so they do not fight over the two cores, with timeouts sized for crash and restart cycles.
export default defineConfig({
  test: {
    name: 'durability',
    include: ['test-durability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
});
