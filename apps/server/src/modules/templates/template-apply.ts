import type { Language, TemplatePoint } from '@fleet/contracts';
import type { Executor } from '../../platform/db/client.js';
import { fieldError } from '../devices/device-errors.js';
import { toPointValues } from '../devices/device-mapper.js';
import type { DeviceRecord, DeviceStructure, NewPoint } from '../devices/device-structure.service.js';
import { familyOf } from '../devices/points.service.js';
import { localizedMeterPoint, METER_TEMPLATE_KEY } from './meter-catalogue.js';
import { pointConfigOf, templateFitsDevice } from './template-rules.js';
import type { TemplateTableRow } from './templates.repository.js';

export interface ApplyDeps {
  devices: DeviceStructure;
}

export interface ApplyOptions {
  /** save: add (a slave id or point name already on the device is refused); update: replace what the template built. */
  mode: 'save' | 'update';
  /** Port of new slaves (default: the port of the slave it replaces, or none). */
  portId?: number | null;
  /** Name of the request field to blame in messages. */
  field: string;
  /** The requester's language: the built-in meter template names its points in it. */
  language?: Language;
}

/** Builds the slaves and points of `template` on `device` inside `tx`. */
export async function applyTemplate(
  { devices }: ApplyDeps,
  device: DeviceRecord,
  template: TemplateTableRow,
  options: ApplyOptions,
  tx: Executor,
): Promise<{ slaves: number; points: number }> {
  const content = template.content;
  if (template.kind === 'gateway' && device.deviceClass !== 'DTUGW')
    throw fieldError(
      options.field,
      `a gateway template needs a gateway (class DTUGW); ${device.imei} is ${device.deviceClass}`,
    );
  const problem = templateFitsDevice(content, familyOf(device));
  if (problem) throw fieldError(options.field, `${problem.field}: ${problem.message}`);
  const existing = await devices.slaves(device.id, {}, tx);
  const replaced = options.mode === 'update' ? existing.filter((s) => s.templateId === template.id) : [];
  const kept = existing.filter((s) => !replaced.includes(s));
  for (const slave of content.slaves) {
    if (kept.some((s) => s.slaveId === slave.slave_id))
      throw fieldError(options.field, `slave ${slave.slave_id} already exists on device ${device.imei}`);
  }
  const portBySlave = new Map(replaced.map((s) => [s.slaveId, s.portId]));
  await devices.deleteSlaves(
    replaced.map((s) => s.id),
    tx,
  );
  const slaves = await devices.insertSlaves(
    content.slaves.map((s) => ({
      deviceId: device.id,
      name: s.name,
      slaveId: s.slave_id,
      templateId: template.id,
      portId: options.portId !== undefined ? options.portId : (portBySlave.get(s.slave_id) ?? null),
    })),
    tx,
  );
  const refOf = new Map(slaves.map((s) => [s.slaveId, s.id]));
  const { language } = options;
  const named =
    template.builtinKey === METER_TEMPLATE_KEY && language
      ? (p: TemplatePoint) => localizedMeterPoint(p, language)
      : (p: TemplatePoint) => p;
  const values: NewPoint[] = [];
  for (const slave of content.slaves)
    slave.points.forEach((p, i) => {
      values.push(
        toPointValues(pointConfigOf(named(p), slave.slave_id), device.id, refOf.get(slave.slave_id)!, i),
      );
    });
  if (content.points.length > 0) {
    if (options.mode === 'update') await devices.deleteDevicePoints(device.id, tx);
    else {
      const own = new Set((await devices.points(device.id, null, tx)).map((p) => p.name));
      const clash = content.points.find((p) => own.has(p.name));
      if (clash)
        throw fieldError(options.field, `point ${clash.name} already exists on device ${device.imei}`);
    }
    content.points.forEach((p, i) => {
      values.push(toPointValues(pointConfigOf(p, null), device.id, null, i));
    });
  }
  await devices.insertPoints(values, tx);
  await devices.setTemplate(device.id, template, tx);
  return { slaves: slaves.length, points: values.length };
}
