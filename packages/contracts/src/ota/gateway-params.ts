/**
 * The gateway parameter document of SPEC 3 ("Gateway parameters"), validated with every rule of
 * SPEC 5. The same schema checks a plan's parameters on the server, in the web form and in the
 * simulated gateway before it applies them (DESIGN 13). A rule that fails answers the message key of
 * SERVER_MESSAGES (`gatewayParams.*`) as its message, so each language shows the rule where it applies.
 */
import { z } from 'zod';

/** The numbers of SPEC 5, one place for the schema and the form's hints. */
export const GATEWAY_PARAM_LIMITS = {
  uartReadMs: { min: 10, max: 2000, default: 25 },
  netReadMs: { min: 0, default: 0 },
  switchSlaveId: { min: 1, max: 254 },
  port: { min: 1, max: 65535 },
  heartbeatS: { default: 120, suggestedMin: 60, suggestedMax: 300, off: 0 },
  reportIntervalMin: { min: 0 },
  retentionMin: { min: 1 },
  modbusIntervalS: { min: 5 },
  hj212Flags: [0, 5] as const,
  channels: { max: 4 },
} as const;

const L = GATEWAY_PARAM_LIMITS;
const text = (max: number) => z.string().max(max);
const portNumber = z
  .number()
  .int()
  .min(L.port.min, 'gatewayParams.port')
  .max(L.port.max, 'gatewayParams.port');
/** Hex content needs the 0x prefix and whole bytes (SPEC 5 heartbeat rule, also for other packets). */
const HEX = /^0x(?:[0-9a-fA-F]{2})+$/;

/** A packet a gateway sends as is: text, or bytes written as hex with a 0x prefix. */
export const gatewayPacket = z
  .strictObject({ content: text(256), hex: z.boolean() })
  .refine((p) => !p.hex || p.content === '' || HEX.test(p.content), {
    message: 'gatewayParams.hexPrefix',
    path: ['content'],
  });

export const gatewayChannel = z.strictObject({
  enable: z.boolean(),
  registration_packet: gatewayPacket,
  heartbeat_packet: gatewayPacket,
  /** Seconds; 0 turns the heartbeat off; 60 to 300 suggested. */
  heartbeat_interval_s: z
    .number()
    .int()
    .min(0, 'gatewayParams.heartbeat')
    .max(86_400, 'gatewayParams.heartbeat'),
  socket_url: text(253),
  socket_port: portNumber,
  uart_id: z.number().int().min(1).max(16),
});

export const gatewayMqtt = z.strictObject({
  enable: z.boolean(),
  server: text(253),
  port: portNumber,
  client_id: text(128),
  username: text(128),
  password: text(128),
  keep_alive_s: z.number().int().min(0).max(65_535),
  clean_session: z.boolean(),
  /** Report a value as soon as it changes, besides the report interval. */
  report_on_change: z.boolean(),
});

export const HJ212_DATA_TYPES = ['rtd', 'avg', 'min', 'max', 'cou'] as const;
export const HJ212_CRC_MODES = ['none', 'crc16', 'crc16-modbus'] as const;

export const gatewayHj212 = z
  .strictObject({
    enable: z.boolean(),
    server: text(253),
    port: portNumber,
    mn: text(24),
    st: text(8),
    pw: text(32),
    /** SPEC 5: 0 or 5. */
    flag: z.literal(L.hj212Flags, 'gatewayParams.hj212Flag'),
    interrupt_cache_limit: z.number().int().min(0),
    report_interval_min: z.number().int().min(L.reportIntervalMin.min, 'gatewayParams.reportInterval'),
    retry_times: z.number().int().min(0).max(10),
    timeout_s: z.number().int().min(1).max(600),
    crc_mode: z.enum(HJ212_CRC_MODES),
    random_enable: z.boolean(),
    random_min: z.number(),
    random_max: z.number(),
    supplementary_enable: z.boolean(),
    /** Hours of data sent again after an interruption. */
    supplementary_hours: z.number().int().min(0).max(720),
    factors: z
      .array(z.strictObject({ code: text(32).min(1), data_types: z.array(z.enum(HJ212_DATA_TYPES)).min(1) }))
      .max(256),
    time_unit: z.enum(['m', 'h', 'd']),
  })
  .superRefine((h, ctx) => {
    if (h.supplementary_enable && !h.random_enable) {
      ctx.addIssue({
        code: 'custom',
        message: 'gatewayParams.supplementaryNeedsRandom',
        path: ['random_enable'],
      });
    }
    if (h.random_enable && h.random_min > h.random_max) {
      ctx.addIssue({ code: 'custom', message: 'gatewayParams.randomRange', path: ['random_max'] });
    }
  });

/** SPEC 3 topic data format: 0 key-value, 1 tree, 2 NV, 3 custom. */
export const THIRD_PARTY_FORMATS = [0, 1, 2, 3] as const;

export const gatewayThirdParty = z.strictObject({
  enable: z.boolean(),
  format: z.literal(THIRD_PARTY_FORMATS),
  up_topic: text(256),
  down_topic: text(256),
  /** Variable mapping: the gateway's variable name -> the name the third party expects. */
  mapping: z.array(z.strictObject({ variable: text(64).min(1), key: text(128).min(1) })).max(1000),
});

export const gatewayStorage = z.strictObject({
  retention_min: z.number().int().min(L.retentionMin.min, 'gatewayParams.retention'),
  /** 0 memory, 1 disk. */
  type: z.literal([0, 1]),
  /** 0 internal, 1 external TF card. */
  medium: z.literal([0, 1]),
});

export const gatewayNetwork = z
  .strictObject({
    ip_mode: z.enum(['static', 'dhcp']),
    ip: text(45),
    netmask: text(45),
    gateway: text(45),
    dns: text(45),
    lte_enable: z.boolean(),
    /** Route the LAN through 4G; turns network-port collection off (the form asks first). */
    lte_routing: z.boolean(),
    network_port_collection: z.boolean(),
    wifi_enable: z.boolean(),
    hotspot_name: text(32),
    wifi_password: text(63),
  })
  .superRefine((n, ctx) => {
    if (n.lte_routing && !n.lte_enable) {
      ctx.addIssue({ code: 'custom', message: 'gatewayParams.routingNeeds4g', path: ['lte_routing'] });
    }
    if (n.lte_routing && n.network_port_collection) {
      ctx.addIssue({
        code: 'custom',
        message: 'gatewayParams.routingStopsCollection',
        path: ['network_port_collection'],
      });
    }
    if (n.ip_mode === 'static' && n.ip === '') {
      ctx.addIssue({ code: 'custom', message: 'gatewayParams.staticNeedsIp', path: ['ip'] });
    }
  });

export const LOOP_WRITE_CONTENT_TYPES = ['number', 'realtime', 'hex', 'string'] as const;

export const gatewayLoopWrite = z
  .strictObject({
    enable: z.boolean(),
    interval_s: z.number().int().min(L.modbusIntervalS.min, 'gatewayParams.modbusInterval'),
    /** 0 Modbus, 1 custom. */
    message_type: z.literal([0, 1]),
    content_type: z.enum(LOOP_WRITE_CONTENT_TYPES),
    content: text(512),
  })
  .refine((w) => w.content_type !== 'hex' || w.content === '' || HEX.test(w.content), {
    message: 'gatewayParams.hexPrefix',
    path: ['content'],
  });

const gatewayParamsShape = z.strictObject({
  param_version: z.number().int().min(1, 'gatewayParams.versionMin'),
  apn: text(64),
  auto_upgrade: z.boolean(),
  uart_read_ms: z
    .number()
    .int()
    .min(L.uartReadMs.min, 'gatewayParams.uartReadMs')
    .max(L.uartReadMs.max, 'gatewayParams.uartReadMs'),
  /** 0 collection plus remote virtual port, 1 remote virtual port only, 2 collection only. */
  run_mode: z.literal([0, 1, 2]),
  power_mode: z.enum(['normal', 'saving']),
  net_read_ms: z.number().int().min(L.netReadMs.min),
  switch_slave_id: z
    .number()
    .int()
    .min(L.switchSlaveId.min, 'gatewayParams.switchSlaveId')
    .max(L.switchSlaveId.max, 'gatewayParams.switchSlaveId'),
  uart_enable: z.boolean(),
  sensor_calibration: z.boolean(),
  remote_reset: z.boolean(),
  channels: z.array(gatewayChannel).max(L.channels.max),
  mqtt: gatewayMqtt,
  hj212: gatewayHj212,
  third_party: gatewayThirdParty,
  storage: gatewayStorage,
  network: gatewayNetwork,
  loop_write: gatewayLoopWrite,
});

/** SPEC 5: a third-party platform connects only from parameter version 2 on. */
export const gatewayParams = gatewayParamsShape.superRefine((p, ctx) => {
  if (p.third_party.enable && p.param_version <= 1) {
    ctx.addIssue({ code: 'custom', message: 'gatewayParams.thirdPartyVersion', path: ['param_version'] });
  }
});
export type GatewayParams = z.infer<typeof gatewayParams>;

/** SPEC 5: a new parameter document must carry a version above the one the gateway runs. */
export function paramVersionProblem(next: number, current: number | null): string | null {
  if (!Number.isInteger(next) || next < 1) return 'gatewayParams.versionMin';
  if (current !== null && next <= current) return 'gatewayParams.versionNotAbove';
  return null;
}

const channelDefaults = (): z.infer<typeof gatewayChannel> => ({
  enable: false,
  registration_packet: { content: '', hex: false },
  heartbeat_packet: { content: '', hex: false },
  heartbeat_interval_s: L.heartbeatS.default,
  socket_url: '',
  socket_port: 502,
  uart_id: 1,
});

/** A valid document with every default of SPEC 5, the start of a new parameter plan. */
export function defaultGatewayParams(): GatewayParams {
  return {
    param_version: 1,
    apn: '',
    auto_upgrade: false,
    uart_read_ms: L.uartReadMs.default,
    run_mode: 0,
    power_mode: 'normal',
    net_read_ms: L.netReadMs.default,
    switch_slave_id: 1,
    uart_enable: true,
    sensor_calibration: false,
    remote_reset: false,
    channels: [channelDefaults()],
    mqtt: {
      enable: false,
      server: '',
      port: 1883,
      client_id: '',
      username: '',
      password: '',
      keep_alive_s: 60,
      clean_session: true,
      report_on_change: false,
    },
    hj212: {
      enable: false,
      server: '',
      port: 8080,
      mn: '',
      st: '32',
      pw: '',
      flag: 0,
      interrupt_cache_limit: 0,
      report_interval_min: 0,
      retry_times: 3,
      timeout_s: 10,
      crc_mode: 'crc16',
      random_enable: false,
      random_min: 0,
      random_max: 0,
      supplementary_enable: false,
      supplementary_hours: 0,
      factors: [],
      time_unit: 'm',
    },
    third_party: { enable: false, format: 0, up_topic: '', down_topic: '', mapping: [] },
    storage: { retention_min: 1440, type: 0, medium: 0 },
    network: {
      ip_mode: 'dhcp',
      ip: '',
      netmask: '',
      gateway: '',
      dns: '',
      lte_enable: true,
      lte_routing: false,
      network_port_collection: true,
      wifi_enable: false,
      hotspot_name: '',
      wifi_password: '',
    },
    loop_write: { enable: false, interval_s: 60, message_type: 0, content_type: 'number', content: '' },
  };
}

/** Turning 4G routing on: the change SPEC 5 asks the user to confirm (network-port collection off). */
export function withLteRouting(params: GatewayParams): GatewayParams {
  return { ...params, network: { ...params.network, lte_routing: true, network_port_collection: false } };
}
