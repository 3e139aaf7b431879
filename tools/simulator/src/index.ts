export * from './dtu-gateway.js';
export * from './fleet.js';
export * from './modbus-slave.js';
export * from './mqtt-device.js';
export * from './ota-agent.js';
export * from './request-framer.js';
export * from './signals.js';
export * from './test-platform.js';
