import { defineConfig } from 'vitest/config';

// Two platform processes on one PostgreSQL, Redis and the machine's MQTT broker (TEST_DATABASE_URL,
// TEST_REDIS_URL, TEST_MQTT_URL). One file at a time: each starts its own pair of processes.
export default defineConfig({
  test: {
    name: 'scale-out',
    include: ['test-scale-out/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
