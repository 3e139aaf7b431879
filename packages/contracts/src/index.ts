export * from './auth.js';
export * from './envelope.js';
export * from './modules.js';
export * from './password.js';
export * from './permissions.js';
export * from './system.js';
export * from './user-types.js';
