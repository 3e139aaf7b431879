// The simulator tool is its CLI (cli.ts): the simulated devices, OTA gateways included, live in
// @fleet/device-sim, which the server's demo fleet uses too.
export * from '@fleet/device-sim';
