import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../platform/bus/event-bus.js';
import { createOtaChannel } from './ota-channel.js';

describe('OTA channel: which transport takes a notice', () => {
  it('a DTU session of this instance first, the broker otherwise, nothing when neither runs', async () => {
    const channel = createOtaChannel();
    expect(await channel.publishDown('866000000000001', '{"n":1}')).toBe(false);
    const mqtt: string[] = [];
    channel.setTransport(async (topic, payload) => {
      mqtt.push(`${topic} ${payload}`);
    });
    const tcp: string[] = [];
    const detach = channel.attachTcp('866000000000001', async (payload) => {
      tcp.push(payload);
    });
    expect(await channel.publishDown('866000000000001', '{"n":2}')).toBe(true);
    expect(await channel.publishDown('866000000000002', '{"n":3}')).toBe(true);
    expect(tcp).toEqual(['{"n":2}']);
    expect(mqtt).toEqual(['d/866000000000002/down {"n":3}']);
    detach();
    await channel.publishDown('866000000000001', '{"n":4}');
    expect(mqtt).toHaveLength(2);
    expect(channel.counters()).toMatchObject({ notices: 2, tcpNotices: 1 });
  });

  it('a newer session of the IMEI is not detached by the older one', async () => {
    const channel = createOtaChannel();
    const seen: string[] = [];
    const older = channel.attachTcp('866000000000003', async () => {
      seen.push('older');
    });
    channel.attachTcp('866000000000003', async () => {
      seen.push('newer');
    });
    older();
    expect(await channel.publishDown('866000000000003', '{}')).toBe(true);
    expect(seen).toEqual(['newer']);
  });

  it('scale-out: a DTU gateway held by another instance gets the notice over the bus', async () => {
    const bus = createLocalBus();
    const connectsOverTcp = async (imei: string) => imei === '866000000000004';
    const leader = createOtaChannel({ bus, connectsOverTcp });
    const holder = createOtaChannel({ bus, connectsOverTcp });
    const mqtt: string[] = [];
    leader.setTransport(async (topic) => {
      mqtt.push(topic);
    });
    const tcp: string[] = [];
    holder.attachTcp('866000000000004', async (payload) => {
      tcp.push(payload);
    });
    expect(await leader.publishDown('866000000000004', '{"n":5}')).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(tcp).toEqual(['{"n":5}']);
    expect(mqtt).toEqual([]);
    expect(holder.counters().tcpNotices).toBe(1);
    // An MQTT gateway's notice still goes to the broker.
    await leader.publishDown('866000000000005', '{"n":6}');
    expect(mqtt).toEqual(['d/866000000000005/down']);
  });
});
