// The simulated devices of the demo fleet (DESIGN 4, 10), OTA gateways included. The platform-side test double of the DTU
// protocol (test-platform.ts) stays out of this entry point: only tests import it.
export * from './dtu-gateway.js';
export * from './fleet.js';
export * from './modbus-slave.js';
export * from './mqtt-device.js';
export * from './ota-agent.js';
export * from './ota-gateway.js';
export * from './request-framer.js';
export * from './signals.js';
