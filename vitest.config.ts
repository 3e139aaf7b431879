import { defineConfig } from 'vitest/config';

// One run covers every workspace; each workspace owns its own project config.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/protocols',
      'packages/scada-model',
      'packages/device-sim',
      'apps/server',
      'apps/web',
      'tools/simulator',
    ],
  },
});
