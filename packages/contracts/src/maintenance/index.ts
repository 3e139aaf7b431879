export * from './transitions.js';
export * from './work-orders.js';
export * from './enforcement.js';
