import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { createDeviceRefsCheck } from '../groups/device-refs.js';
import { createModelLookup } from '../models/model-lookup.service.js';
import { applyTemplate } from '../templates/template-apply.js';
import { createTemplateLookup } from '../templates/template-lookup.service.js';
import { buildTemplatesService } from '../templates/templates.routes.js';
import { createDeviceCountersRepository } from './device-counters.repository.js';
import { fieldError } from './device-errors.js';
import { createDeviceStructure } from './device-structure.service.js';
import { createDevicesRepository, type DeviceRecord } from './devices.repository.js';
import { createDevicesService } from './devices.service.js';
import { createDevicesAllocationService } from './devices-allocation.service.js';
import { createDevicesImportService } from './devices-import.service.js';
import { createPointsRepository } from './points.repository.js';
import { createPointsService } from './points.service.js';
import { createPortsSlavesService } from './ports-slaves.service.js';

/** Repositories and services of the device registry, built from the module dependencies. */
export function buildDeviceServices(deps: ModuleDeps) {
  const db = deps.database.db;
  const repo = createDevicesRepository(db);
  const pointsRepo = createPointsRepository(db);
  const templateLookup = createTemplateLookup(db);
  const structure = createDeviceStructure(db);
  /** Builds a model's template on a new device, inside the creating (or importing) transaction. */
  async function applyModelTemplate(
    scope: Scope,
    device: DeviceRecord,
    templateId: number,
    tx: Executor,
  ): Promise<void> {
    const template = await templateLookup.findVisible(scope, templateId, tx);
    if (!template) throw fieldError('model_id', `the model's template ${templateId} is not available`);
    await applyTemplate({ devices: structure }, device, template, { mode: 'save', field: 'model_id' }, tx);
  }
  const devices = createDevicesService({
    repo,
    pointsRepo,
    countersRepo: createDeviceCountersRepository(db),
    models: createModelLookup(db),
    checkRefs: createDeviceRefsCheck(db),
    applyModelTemplate,
    broker: deps.runtime.brokerProvisioner,
  });
  const { visibleDevice, configurableDevice } = devices;
  const templates = buildTemplatesService(deps);
  return {
    devices,
    allocation: createDevicesAllocationService({ repo }),
    imports: createDevicesImportService({
      repo,
      modelFor: devices.modelFor,
      applyModelTemplate,
      broker: deps.runtime.brokerProvisioner,
    }),
    points: createPointsService({ repo: pointsRepo, visibleDevice, configurableDevice }),
    portsSlaves: createPortsSlavesService({ repo: pointsRepo, visibleDevice, configurableDevice }),
    templates: {
      ...templates,
      /** POST /device/{id}/slavedevice/batch changes the configuration: Device/setParam for assignees. */
      async applyToDevice(...args: Parameters<typeof templates.applyToDevice>) {
        await configurableDevice(args[0], args[1]);
        return templates.applyToDevice(...args);
      },
    },
  };
}

export type DeviceServices = ReturnType<typeof buildDeviceServices>;
