export * from './assets.js';
export * from './enforcement.js';
export * from './plan-transitions.js';
export * from './plans.js';
export * from './stats.js';
export * from './transitions.js';
export * from './work-orders.js';
