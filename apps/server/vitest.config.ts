import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    // One module graph for every file of the worker: each file builds its own app, database and
    // listeners (test-support/test-app.ts) and no test mocks a module, so re-importing the whole server
    // for each of ~140 files only cost time (import was a third of the PostgreSQL stage).
    isolate: false,
    globalSetup: ['src/test-support/global-setup.ts'],
  },
});
