import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../messages.js';
import {
  defaultGatewayParams,
  GATEWAY_PARAM_LIMITS,
  type GatewayParams,
  gatewayParams,
  paramVersionProblem,
  withLteRouting,
} from './gateway-params.js';

/** The failures of a document: `path -> message key`. */
function problems(doc: unknown): Record<string, string> {
  const result = gatewayParams.safeParse(doc);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function edit(change: (p: GatewayParams) => void): GatewayParams {
  const doc = structuredClone(defaultGatewayParams());
  change(doc);
  return doc;
}

describe('gateway parameters (SPEC 3, rules of SPEC 5)', () => {
  it('the defaults are valid and carry the SPEC 5 defaults', () => {
    const doc = defaultGatewayParams();
    expect(problems(doc)).toEqual({});
    expect(doc.uart_read_ms).toBe(25);
    expect(doc.net_read_ms).toBe(0);
    expect(doc.channels[0]?.heartbeat_interval_s).toBe(120);
  });

  it.each([
    ['uart_read_ms', 9, 'gatewayParams.uartReadMs'],
    ['uart_read_ms', 2001, 'gatewayParams.uartReadMs'],
    ['switch_slave_id', 0, 'gatewayParams.switchSlaveId'],
    ['switch_slave_id', 255, 'gatewayParams.switchSlaveId'],
    ['param_version', 0, 'gatewayParams.versionMin'],
  ] as const)('%s = %d is refused with %s', (field, value, key) => {
    expect(problems(edit((p) => Object.assign(p, { [field]: value })))).toEqual({ [field]: key });
  });

  it.each([
    ['uart_read_ms', 10],
    ['uart_read_ms', 2000],
    ['switch_slave_id', 1],
    ['switch_slave_id', 254],
  ] as const)('%s = %d is accepted (the edge of the range)', (field, value) => {
    expect(problems(edit((p) => Object.assign(p, { [field]: value })))).toEqual({});
  });

  it('socket, MQTT and HJ212 ports are 1 to 65535', () => {
    expect(
      problems(
        edit((p) => {
          p.channels[0]!.socket_port = 0;
        }),
      ),
    ).toEqual({
      'channels.0.socket_port': 'gatewayParams.port',
    });
    expect(
      problems(
        edit((p) => {
          p.mqtt.port = 65_536;
        }),
      ),
    ).toEqual({ 'mqtt.port': 'gatewayParams.port' });
    expect(
      problems(
        edit((p) => {
          p.hj212.port = 65_535;
        }),
      ),
    ).toEqual({});
  });

  it('a heartbeat of 0 turns it off; hex packets need 0x and whole bytes', () => {
    expect(
      problems(
        edit((p) => {
          p.channels[0]!.heartbeat_interval_s = 0;
        }),
      ),
    ).toEqual({});
    expect(
      problems(
        edit((p) => {
          p.channels[0]!.heartbeat_interval_s = -1;
        }),
      ),
    ).toEqual({
      'channels.0.heartbeat_interval_s': 'gatewayParams.heartbeat',
    });
    const packet = (content: string) =>
      problems(
        edit((p) => {
          p.channels[0]!.heartbeat_packet = { content, hex: true };
        }),
      );
    expect(packet('0xFE01')).toEqual({});
    expect(packet('FE01')).toEqual({ 'channels.0.heartbeat_packet.content': 'gatewayParams.hexPrefix' });
    expect(packet('0xF')).toEqual({ 'channels.0.heartbeat_packet.content': 'gatewayParams.hexPrefix' });
    expect(packet('0xZZ')).toEqual({ 'channels.0.heartbeat_packet.content': 'gatewayParams.hexPrefix' });
    // The same text as plain text is fine.
    expect(
      problems(
        edit((p) => {
          p.channels[0]!.heartbeat_packet = { content: 'FE01', hex: false };
        }),
      ),
    ).toEqual({});
  });

  it('report interval >= 0, retention >= 1, Modbus interval >= 5', () => {
    expect(
      problems(
        edit((p) => {
          p.hj212.report_interval_min = 0;
        }),
      ),
    ).toEqual({});
    expect(
      problems(
        edit((p) => {
          p.hj212.report_interval_min = -1;
        }),
      ),
    ).toEqual({
      'hj212.report_interval_min': 'gatewayParams.reportInterval',
    });
    expect(
      problems(
        edit((p) => {
          p.storage.retention_min = 0;
        }),
      ),
    ).toEqual({
      'storage.retention_min': 'gatewayParams.retention',
    });
    expect(
      problems(
        edit((p) => {
          p.loop_write.interval_s = 4;
        }),
      ),
    ).toEqual({
      'loop_write.interval_s': 'gatewayParams.modbusInterval',
    });
    expect(
      problems(
        edit((p) => {
          p.loop_write.interval_s = GATEWAY_PARAM_LIMITS.modbusIntervalS.min;
        }),
      ),
    ).toEqual({});
  });

  it('the HJ212 flag is 0 or 5, and supplementary data needs the random number', () => {
    expect(
      problems(
        edit((p) => {
          p.hj212.flag = 5;
        }),
      ),
    ).toEqual({});
    expect(problems(edit((p) => Object.assign(p.hj212, { flag: 4 })))).toEqual({
      'hj212.flag': 'gatewayParams.hj212Flag',
    });
    expect(
      problems(
        edit((p) => {
          p.hj212.supplementary_enable = true;
        }),
      ),
    ).toEqual({
      'hj212.random_enable': 'gatewayParams.supplementaryNeedsRandom',
    });
    expect(
      problems(
        edit((p) => {
          p.hj212.supplementary_enable = true;
          p.hj212.random_enable = true;
          p.hj212.random_min = 1;
          p.hj212.random_max = 3;
        }),
      ),
    ).toEqual({});
  });

  it('4G routing needs 4G and turns network-port collection off', () => {
    expect(problems(withLteRouting(defaultGatewayParams()))).toEqual({});
    expect(withLteRouting(defaultGatewayParams()).network.network_port_collection).toBe(false);
    expect(
      problems(
        edit((p) => {
          p.network.lte_routing = true;
        }),
      ),
    ).toEqual({
      'network.network_port_collection': 'gatewayParams.routingStopsCollection',
    });
    const without4g = withLteRouting(
      edit((p) => {
        p.network.lte_enable = false;
      }),
    );
    expect(problems(without4g)).toEqual({ 'network.lte_routing': 'gatewayParams.routingNeeds4g' });
  });

  it('a third-party platform connects only above parameter version 1', () => {
    expect(
      problems(
        edit((p) => {
          p.third_party.enable = true;
        }),
      ),
    ).toEqual({
      param_version: 'gatewayParams.thirdPartyVersion',
    });
    expect(
      problems(
        edit((p) => {
          p.third_party.enable = true;
          p.param_version = 2;
        }),
      ),
    ).toEqual({});
  });

  it('a new version must exceed the current one', () => {
    expect(paramVersionProblem(1, null)).toBeNull();
    expect(paramVersionProblem(3, 2)).toBeNull();
    expect(paramVersionProblem(2, 2)).toBe('gatewayParams.versionNotAbove');
    expect(paramVersionProblem(1.5, null)).toBe('gatewayParams.versionMin');
    expect(paramVersionProblem(0, null)).toBe('gatewayParams.versionMin');
  });

  it('unknown fields are refused, not kept', () => {
    expect(Object.keys(problems({ ...defaultGatewayParams(), script: 'x' }))).toEqual(['']);
  });

  it('every message key a rule answers exists in the three languages', () => {
    const source = readFileSync(new URL('./gateway-params.ts', import.meta.url), 'utf8');
    const used = new Set([...source.matchAll(/'(gatewayParams\.[A-Za-z0-9]+)'/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThanOrEqual(15);
    for (const key of used) expect(SERVER_MESSAGES, key).toHaveProperty([key]);
  });
});
