/**
 * Device enums of SPEC 3 and 4. Labels live in the web app's i18n files; these are the codes.
 */

/** SPEC 3 device protocol codes. */
export const DeviceProtocol = {
  MODBUS: 1,
  TCP: 2,
  MQTT: 3,
  NB_IOT: 4,
  BDGW: 5,
  HTTP: 6,
  UDP: 7,
  CM_NBIOT: 8,
  CT_NBIOT: 9,
} as const;
export type DeviceProtocol = (typeof DeviceProtocol)[keyof typeof DeviceProtocol];
export const DEVICE_PROTOCOLS: readonly DeviceProtocol[] = Object.values(DeviceProtocol);

/** SPEC 3 direct gateway-type protocol list. */
export const GATEWAY_PROTOCOLS = [
  'Modbus_RTU',
  'Modbus_TCP',
  'Modbus_RTU_Over_TCP',
  'Siemens_ISOTCP',
  'Siemens_PPI',
  'Siemens_MPI',
  'Delta_DVP',
  'Mitsubishi_FX_232DE',
  'Mitsubishi_FX_485BD',
  'Mitsubishi_Qserial_COM',
  'Mitsubishi_Qserial_NET',
  'Googol_TCP',
  'Siemens_ISOTCP243',
  'Omron_Fins_TCP',
  'Omron_Fins_UDP',
  'Omron_Hostlink',
] as const;
export type GatewayProtocol = (typeof GATEWAY_PROTOCOLS)[number];

export type DeviceClass = 'DTUGW' | 'DT';
/** Protocols of class DT (direct transparent devices); everything else, listed or not, is DTUGW (SPEC 3). */
const DT_PROTOCOLS = new Set(['TCP', 'MQTT', 'UDP', 'HTTP', 'CM-NBIOT', 'CT-NBIOT']);

/** SPEC 3 protocol to device class: DT for TCP, MQTT, UDP, HTTP, CM-NBIOT, CT-NBIOT; DTUGW for any other. */
export function deviceClassOf(protocolName: string): DeviceClass {
  return DT_PROTOCOLS.has(protocolName.trim().toUpperCase()) ? 'DT' : 'DTUGW';
}

/** SPEC 4 device status filter: all (null), normal 1, offline 0, alarm 2. */
export const DeviceStatusFilter = { ALL: null, NORMAL: 1, OFFLINE: 0, ALARM: 2 } as const;

/** SPEC 4 online state of a device: 0 offline, 1 online. */
export const OnlineState = { OFFLINE: 0, ONLINE: 1 } as const;
