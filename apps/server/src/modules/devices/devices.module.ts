import type { ModuleDeps } from '../../platform/deps.js';
import { createModelsRepository } from '../models/models.repository.js';
import { applyTemplate } from '../templates/template-apply.js';
import { createTemplatesRepository } from '../templates/templates.repository.js';
import { buildTemplatesService } from '../templates/templates.routes.js';
import { fieldError } from './device-errors.js';
import { createDevicesRepository } from './devices.repository.js';
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
  const templatesRepo = createTemplatesRepository(db);
  const devices = createDevicesService({
    repo,
    pointsRepo,
    modelsRepo: createModelsRepository(db),
    async applyModelTemplate(scope, device, templateId, tx) {
      const template = await templatesRepo.findVisible(scope, templateId, tx);
      if (!template) throw fieldError('model_id', `the model's template ${templateId} is not available`);
      await applyTemplate(
        { devicesRepo: repo, pointsRepo },
        device,
        template,
        { mode: 'save', field: 'model_id' },
        tx,
      );
    },
  });
  const { visibleDevice } = devices;
  return {
    devices,
    allocation: createDevicesAllocationService({ repo }),
    imports: createDevicesImportService({ repo, modelFor: devices.modelFor }),
    points: createPointsService({ repo: pointsRepo, visibleDevice }),
    portsSlaves: createPortsSlavesService({ repo: pointsRepo, visibleDevice }),
    templates: buildTemplatesService(deps),
  };
}

export type DeviceServices = ReturnType<typeof buildDeviceServices>;
