/**
 * Gateway commands of SPEC 7 over MQTT (docs/protocols.md "Gateway commands"): a command on
 * `d/{imei}/down` whose `gw` field says what to do; the gateway answers on `d/{imei}/ack` like any
 * command (`ok`, `error`), and a `csq` answer carries `rssi` and `ber` (AT+CSQ).
 * - deploy: apply this parameter document now (the gateway's current one, pushed again);
 * - reboot: acknowledge, then restart;
 * - reload: re-read the stored parameters and restart collection without a reboot;
 * - csq: measure the signal quality and answer it.
 * Firmware upgrades of one gateway go through a one-gateway plan (the notice of "OTA"), not here.
 */
import { gatewayParams } from '@fleet/contracts';
import { z } from 'zod';
import { cmdIdSchema } from '../mqtt/payloads.js';

export const GATEWAY_OPS = ['deploy', 'reboot', 'reload', 'csq'] as const;
export type GatewayOp = (typeof GATEWAY_OPS)[number];

export const gatewayOrder = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('deploy'), params: gatewayParams }),
  z.strictObject({ op: z.literal('reboot') }),
  z.strictObject({ op: z.literal('reload') }),
  z.strictObject({ op: z.literal('csq') }),
]);
export type GatewayOrder = z.infer<typeof gatewayOrder>;

export const gatewayCommand = z.strictObject({ cmd_id: cmdIdSchema, gw: gatewayOrder });
export type GatewayCommandMessage = z.infer<typeof gatewayCommand>;
