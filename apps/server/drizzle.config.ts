import { defineConfig } from 'drizzle-kit';

// Generates the one set of Postgres-dialect migrations used by both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  out: './src/platform/db/migrations',
});
