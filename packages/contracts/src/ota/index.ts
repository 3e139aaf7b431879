export * from './gateway-params.js';
export * from './rollout.js';
