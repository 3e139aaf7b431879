export * from './commands.js';
export * from './gateway-params.js';
export * from './plans.js';
export * from './registry.js';
export * from './rollout.js';
