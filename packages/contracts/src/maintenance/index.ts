export * from './assets.js';
export * from './transitions.js';
export * from './work-orders.js';
