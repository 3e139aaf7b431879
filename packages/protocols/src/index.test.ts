import { describe, expect, it } from 'vitest';
import * as protocols from './index.js';

describe('public API', () => {
  it('exports every module', () => {
    for (const name of [
      'crc16',
      'encodeRequest',
      'parseResponse',
      'encodeRequestAdu',
      'expectedResponseLength',
      'ModbusStreamParser',
      'planReads',
      'decodeValue',
      'encodeValue',
      'respondToRequest',
      'RegistrationParser',
      'buildRegistrationPacket',
      'parseHeartbeatContent',
      'isOffline',
      'TransactionQueue',
      'ManualScheduler',
      'systemScheduler',
      'parseTopic',
      'mayPublish',
      'maySubscribe',
      'parseTelemetry',
      'isValidImei',
    ])
      expect(protocols, name).toHaveProperty(name);
  });
  it('end to end: register, plan, poll through the queue, decode', async () => {
    const imei = '866123456789012';
    const key = protocols.generateKey();
    const reg = protocols.parseRegistration(
      Uint8Array.from([...protocols.buildRegistrationPacket(imei, key), 0xfe, 0x01]),
    );
    expect(reg).toMatchObject({ status: 'ok', imei, key });
    if (reg.status !== 'ok') return;

    const mem = new protocols.SparseSlaveMemory();
    const floatWords = protocols.encodeValue(123.456, 'float', { byteOrder: 'CDAB' });
    if (!floatWords.ok) throw new Error(floatWords.error);
    for (const [i, w] of floatWords.registers.entries()) mem.holding.set(100 + i, w);
    mem.holding.set(102, 2345);

    const plan = protocols.planReads([
      { key: 'flow', area: '4X', address: 100, dataType: 'float' },
      { key: 'temp', area: '4X', address: 102, dataType: 'int16' },
    ]);
    expect(plan.blocks).toHaveLength(1);

    const scheduler = new protocols.ManualScheduler();
    const heartbeat = protocols.parseHeartbeatContent('0xFE01');
    if (!heartbeat.ok) throw new Error(heartbeat.error);
    let queue: protocols.TransactionQueue;
    queue = new protocols.TransactionQueue({
      scheduler,
      heartbeat: heartbeat.bytes,
      send: (adu) => {
        const res = protocols.respondToRequest(1, mem, adu);
        if (res) queue.receive(Uint8Array.from([...heartbeat.bytes, ...res]));
      },
    });
    queue.receive(reg.rest); // the heartbeat that followed the registration
    const block = plan.blocks[0]!;
    const res = await queue.enqueue({ slave: 1, ...block.request });
    if (!('registers' in res)) throw new Error('expected registers');
    const flow = protocols.decodeValue(
      protocols.slicePoint(plan.placements.get('flow')!, res.registers)!,
      'float',
      {
        byteOrder: 'CDAB',
        decimals: 3,
      },
    );
    const temp = protocols.decodeValue(
      protocols.slicePoint(plan.placements.get('temp')!, res.registers)!,
      'int16',
      {
        scale: 0.01,
      },
    );
    expect(flow).toEqual({ ok: true, value: 123.456 });
    expect(temp).toEqual({ ok: true, value: 23.45 });
    expect(queue.stream.heartbeats).toBe(2);
  });
});
