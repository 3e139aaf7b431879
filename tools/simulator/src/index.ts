// The simulator tool: the OTA agent (and the CLI in cli.ts). The simulated devices themselves live in
// @fleet/device-sim, which the server's demo fleet uses too.
export * from './ota-agent.js';
