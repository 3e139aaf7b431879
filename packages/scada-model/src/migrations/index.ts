export { loadDocument, type MigrationResult, migrateDocument } from './migrate.js';
