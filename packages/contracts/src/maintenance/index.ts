export * from './plan-transitions.js';
export * from './plans.js';
export * from './stats.js';
export * from './transitions.js';
export * from './work-orders.js';
