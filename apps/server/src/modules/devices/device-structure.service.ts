import type { Executor } from '../../platform/db/client.js';
import { createDevicesRepository } from './devices.repository.js';
import { createPointsRepository } from './points.repository.js';

export type { DeviceRecord } from './devices.repository.js';
export type { NewPoint } from './points.repository.js';

/**
 * What the templates module may read and change of a device when it applies a template: the device
 * as its caller may see it, its ports, slaves and points, and the template it was built from
 * (DESIGN 4: through the devices module, never its repositories). Checks of who may change the
 * device stay with the caller (devices.module.ts wraps applyToDevice with configurableDevice).
 */
export function createDeviceStructure(db: Executor) {
  const devices = createDevicesRepository(db);
  const points = createPointsRepository(db);
  return {
    findVisible: devices.findVisible,
    /** Records which template (and version) the device's structure was built from. */
    setTemplate: (deviceId: number, template: { id: number; version: number }, tx: Executor) =>
      devices.update(deviceId, { templateId: template.id, templateVersion: template.version }, tx),
    port: points.port,
    slaves: points.slaves,
    deleteSlaves: points.deleteSlaves,
    insertSlaves: points.insertSlaves,
    points: points.points,
    deleteDevicePoints: points.deleteDevicePoints,
    insertPoints: points.insertPoints,
  };
}

export type DeviceStructure = ReturnType<typeof createDeviceStructure>;
