export * from './transitions.js';
export * from './work-orders.js';
