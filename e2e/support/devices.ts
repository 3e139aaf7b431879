import { type APIRequestContext, expect } from '@playwright/test';
import { call } from './api.js';

/** An HTTP device (protocol 6) made through the API, with a unique IMEI starting with `prefix`. */
export async function httpDevice(request: APIRequestContext, token: string, prefix: string, name = 'Pump') {
  const imei = `${prefix}${Date.now().toString().slice(-13)}`;
  const title = `${name} ${imei.slice(-5)}`;
  const device = await call<{ id: number }>(request, token, 'POST', '/device', {
    device_imei: imei,
    device_title: title,
    protocol: 6,
  });
  return { id: device.id, imei, title };
}

export interface AlarmingDeviceOptions {
  prefix: string;
  name: string;
  point: { name: string; title: string; unit: string };
  /** The limit trigger: an alarm (level 4) when the point goes above `above`. */
  trigger: { title: string; above: number; deadband?: number };
}

/**
 * An HTTP device with one float point and an upper-limit trigger on it, and `report(value)` that sends
 * a reading through the ingest API with the device's key (rotated here: the platform keeps only its hash).
 */
export async function alarmingHttpDevice(
  request: APIRequestContext,
  token: string,
  o: AlarmingDeviceOptions,
) {
  const device = await httpDevice(request, token, o.prefix, o.name);
  const point = await call<{ id: number }>(request, token, 'POST', `/device/${device.id}/datapoint`, {
    ...o.point,
    data_type: 'float',
    decimals: 1,
  });
  await call(request, token, 'POST', '/trigger', {
    device_id: device.id,
    point_id: point.id,
    kind: 'limit',
    title: o.trigger.title,
    trigger_optype: 1,
    trigger_threshold: JSON.stringify({ uplmt: o.trigger.above }),
    level: 4,
    ...(o.trigger.deadband === undefined ? {} : { deadband: o.trigger.deadband }),
  });
  const creds = await call<{ http_key: string }>(
    request,
    token,
    'POST',
    `/device/${device.id}/credentials/rotate`,
  );
  const report = async (value: number) => {
    const res = await request.post(`/api/v1/ingest/${device.imei}`, {
      headers: { 'X-Device-Key': creds.http_key },
      data: { values: { [o.point.name]: value } },
    });
    expect((await res.json()).code).toBe(0);
  };
  return { ...device, pointId: point.id, report };
}
