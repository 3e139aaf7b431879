export * from './assets.js';
export * from './enforcement.js';
export * from './transitions.js';
export * from './work-orders.js';
