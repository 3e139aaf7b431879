// The public API of @fleet/scada-model; docs/scada.md describes each part.
export * from './bindings/index.js';
export * from './commands/index.js';
export * from './expression/index.js';
export { LIMITS } from './limits.js';
export * from './migrations/index.js';
export * from './schema/index.js';
export * from './symbols/index.js';
