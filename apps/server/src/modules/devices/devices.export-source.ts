import { type DeviceRow, PROTOCOL_NAMES } from '@fleet/contracts';
import { zonedTime } from '../../platform/time/zone.js';
import { EXPORT_FILE_WORDS } from '../exports/export-words.js';
import type { Cell } from '../exports/export-writer.js';
import type { SourceFactory } from '../exports/sources/types.js';
import { toDeviceRow } from './device-mapper.js';
import { createDevicesRepository } from './devices.repository.js';

/**
 * The device list of GET /device with its filters and sort. The list sorts by user-chosen columns
 * (ending with the id), so it is read by offset; a device list is thousands of rows, not millions.
 */
export const devicesSource: SourceFactory<'devices'> = async (ctx, params) => {
  const repo = createDevicesRepository(ctx.db);
  const words = EXPORT_FILE_WORDS[ctx.lang];
  const statusOf = (d: DeviceRow) =>
    d.status === 0
      ? words.deviceStatus.offline
      : d.alarm_type !== 0
        ? words.deviceStatus.alarm
        : words.deviceStatus.normal;
  const protocolOf = (d: DeviceRow) => d.gateway_protocol || PROTOCOL_NAMES[d.protocol] || String(d.protocol);
  const w = words.devices;

  return {
    header: [w.title, w.imei, w.model, w.protocol, w.status, w.onlineAt, w.group, w.project],
    widths: [24, 18, 16, 16, 10, 20, 16, 16],
    async count() {
      return (await repo.list(ctx.scope, params, 1, 0)).total;
    },
    async *pages() {
      for (let offset = 0; ; offset += ctx.pageSize) {
        const { rows } = await repo.list(ctx.scope, params, ctx.pageSize, offset);
        if (rows.length === 0) return;
        yield rows
          .map(toDeviceRow)
          .map((d): Cell[] => [
            d.binder_devtitle || d.device_title,
            d.device_imei,
            d.device_model || null,
            protocolOf(d),
            statusOf(d),
            d.online_at ? zonedTime(d.online_at, ctx.tz) : null,
            d.group_name,
            d.project_name,
          ]);
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
};
