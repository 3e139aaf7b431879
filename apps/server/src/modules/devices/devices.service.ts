import type {
  DeviceBatchBody,
  DeviceCreateBody,
  DeviceCreated,
  DeviceCredentials,
  DeviceDetail,
  DeviceListQuery,
  DeviceRow,
  DeviceUpdateBody,
  ListResult,
} from '@fleet/contracts';
import type { BrokerProvisioner } from '../../gateways/mqtt/provisioning/provisioner.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { noPermission } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import type { DeviceRefs } from '../groups/device-refs.js';
import type { ModelLookup } from '../models/model-lookup.service.js';
import { credentialsOf, hashSecrets, newSecrets } from './credentials.js';
import type { DeviceCountersRepository } from './device-counters.repository.js';
import { fieldError, isUniqueViolation, notFound } from './device-errors.js';
import { toCountersRow, toDeviceRow, toPortRow } from './device-mapper.js';
import { checkDeviceLimit, draftDevice, type ModelDefaults, patchDevice } from './device-rules.js';
import type { DeviceRecord, DevicesRepository } from './devices.repository.js';
import type { PointsRepository } from './points.repository.js';

export interface DevicesServiceDeps {
  repo: DevicesRepository;
  pointsRepo: PointsRepository;
  countersRepo: Pick<DeviceCountersRepository, 'byDevice'>;
  models: Pick<ModelLookup, 'findVisible'>;
  /** Builds the model's template on a new device, inside the creating transaction. */
  applyModelTemplate(scope: Scope, device: DeviceRecord, templateId: number, tx: Executor): Promise<void>;
  /** 10002 unless each group / project / company id names a row visible to the caller. */
  checkRefs(scope: Scope, refs: DeviceRefs, fieldPrefix?: string): Promise<void>;
  /** The external broker's device logins: told each plain MQTT secret when it exists (creation, rotation). */
  broker?: Pick<BrokerProvisioner, 'upsertDevice' | 'remove'>;
}

/** What the broker needs of a device whose plain secret was just generated. */
export function brokerLogin(device: { imei: string; mqttPassword: string; expireAt: Date | null }) {
  const enabled = device.expireAt === null || device.expireAt.getTime() > Date.now();
  return { imei: device.imei, secret: device.mqttPassword, enabled };
}

/** SPEC 3 permission kind an assignee needs to change a device's configuration. */
export const SET_PARAM_PERMISSION = 'Device/setParam';

/** Owner-side callers configure their devices; a caller seeing it through an assignment needs Device/setParam. */
export function requireConfigAccess(scope: Scope, device: Pick<DeviceRecord, 'owned'>): void {
  if (!device.owned && !hasPermission(scope, SET_PARAM_PERMISSION)) throw noPermission();
}

export function createDevicesService({
  repo,
  pointsRepo,
  countersRepo,
  models,
  applyModelTemplate,
  checkRefs,
  broker,
}: DevicesServiceDeps) {
  async function visibleDevice(scope: Scope, id: number): Promise<DeviceRecord> {
    const device = await repo.findVisible(scope, id);
    if (!device) throw notFound('device');
    return device;
  }

  async function modelFor(scope: Scope, id: number | null | undefined): Promise<ModelDefaults | null> {
    if (id === null || id === undefined) return null;
    const model = await models.findVisible(scope, id);
    if (!model) throw fieldError('model_id', `no model ${id}`);
    return model;
  }

  /** A visible device the caller may configure (403 for an assignee without Device/setParam). */
  async function configurableDevice(scope: Scope, id: number): Promise<DeviceRecord> {
    const device = await visibleDevice(scope, id);
    requireConfigAccess(scope, device);
    return device;
  }

  /**
   * The share code binds a device to another account (POST /device by share code): a secret the
   * public demo account must not read (it answers '').
   */
  function rowFor(scope: Scope, device: DeviceRecord): DeviceRow {
    const row = toDeviceRow(device);
    return scope.isDemo ? { ...row, device_sharecode: '' } : row;
  }

  async function reread(scope: Scope, id: number): Promise<DeviceRow> {
    return rowFor(scope, await visibleDevice(scope, id));
  }

  return {
    /** A visible device or 404 (used by the other device services). */
    visibleDevice,
    configurableDevice,
    modelFor,

    async list(scope: Scope, query: DeviceListQuery): Promise<ListResult<DeviceRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope, query, limit, offset);
      return { rows: rows.map((row) => rowFor(scope, row)), total };
    },

    async detail(scope: Scope, id: number): Promise<DeviceDetail> {
      const device = await visibleDevice(scope, id);
      const ports = await pointsRepo.ports(id);
      const counts = await repo.counts(id);
      const counters = await countersRepo.byDevice(id);
      return {
        ...rowFor(scope, device),
        ports: ports.map(toPortRow),
        slave_count: counts.slaves,
        point_count: counts.points,
        counters: toCountersRow(counters),
      };
    },

    async exists(imei: string): Promise<{ exists: boolean }> {
      const found = await repo.existingImeis([imei.trim()]);
      return { exists: found.size > 0 };
    },

    async create(scope: Scope, body: DeviceCreateBody): Promise<DeviceCreated> {
      if (!body.device_imei && body.device_sharecode)
        return { ...(await bindShared(scope, body)), credentials: null };
      const imei = body.device_imei!;
      const model = await modelFor(scope, body.model_id);
      const secrets = newSecrets();
      const draft = draftDevice({ ...body, device_imei: imei }, scope.dataOwnerId, model, secrets);
      if ('field' in draft) throw fieldError(draft.field, draft.message);
      await checkRefs(scope, body);
      try {
        const [created] = await repo.transaction(async (tx) => {
          if ((await repo.existingImeis([imei], tx)).size > 0)
            throw fieldError('device_imei', `${imei} is already registered`);
          await checkDeviceLimit(scope.dataOwnerId, 1, tx);
          const rows = await repo.insertMany([draft], tx);
          if (model?.templateId) {
            const record = {
              ...rows[0]!,
              ownerUsername: '',
              owned: true,
              binderTitle: null,
              groupName: null,
              projectName: null,
              companyName: null,
            };
            await applyModelTemplate(scope, record, model.templateId, tx);
          }
          return rows;
        });
        await broker?.upsertDevice(brokerLogin({ ...created!, ...secrets }));
        return { ...(await reread(scope, created!.id)), credentials: credentialsOf(created!, secrets) };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('device_imei', `${imei} is already registered`);
        throw error;
      }
    },

    async update(scope: Scope, id: number, body: DeviceUpdateBody): Promise<DeviceRow> {
      const device = await configurableDevice(scope, id);
      await checkRefs(scope, body);
      const model = body.model_id === undefined ? undefined : await modelFor(scope, body.model_id);
      const patch = patchDevice(device, body, model);
      if ('field' in patch) throw fieldError(patch.field, patch.message);
      await repo.update(id, patch);
      return reread(scope, id);
    },

    /** Deletes an owned device; a device seen through an assignment is only unbound from the caller. */
    async remove(scope: Scope, id: number): Promise<null> {
      const device = await visibleDevice(scope, id);
      if (device.owned) {
        await repo.deleteMany([id]);
        await broker?.remove(device.imei);
      } else {
        await repo.revoke(id, scope.userId);
        await repo.revoke(id, scope.dataOwnerId);
      }
      return null;
    },

    async batch(scope: Scope, body: DeviceBatchBody): Promise<{ updated: number }> {
      const ids = [...new Set(body.ids)];
      if ('delete' in body) {
        const owned = await repo.ownedIds(scope, ids);
        if (owned.length !== ids.length) throw notFound('device');
        const imeis = await repo.imeisOf(owned);
        const updated = await repo.deleteMany(owned);
        for (const imei of imeis) await broker?.remove(imei);
        return { updated };
      }
      const visible = await repo.visibleIds(scope, ids);
      if (visible.length !== ids.length) throw notFound('device');
      // Devices seen only through an assignment need Device/setParam, like PUT /device/{id}.
      if ((await repo.ownedIds(scope, ids)).length !== ids.length)
        requireConfigAccess(scope, { owned: false });
      const u = body.update;
      if (u.model_id) await modelFor(scope, u.model_id);
      await checkRefs(scope, u, 'update.');
      const patch = {
        ...(u.group_id !== undefined && { groupId: u.group_id }),
        ...(u.project_id !== undefined && { projectId: u.project_id }),
        ...(u.company_id !== undefined && { companyId: u.company_id }),
        ...(u.model_id !== undefined && { modelId: u.model_id }),
        ...(u.device_model !== undefined && { deviceModel: u.device_model }),
        ...(u.remark !== undefined && { remark: u.remark }),
        ...(u.expire_at !== undefined && { expireAt: u.expire_at ? new Date(u.expire_at) : null }),
      };
      return { updated: await repo.updateMany(visible, patch) };
    },

    /**
     * The identity only: the secrets are stored hashed, shown once at creation and rotation. Only the
     * owner's side reads it; an assignee and the public demo account get 10001.
     */
    async credentials(scope: Scope, id: number): Promise<DeviceCredentials> {
      const device = await visibleDevice(scope, id);
      if (!device.owned || scope.isDemo) throw noPermission();
      return credentialsOf(device);
    },

    async rotateCredentials(scope: Scope, id: number): Promise<DeviceCredentials> {
      const device = await visibleDevice(scope, id);
      if (!device.owned || scope.isDemo) throw noPermission();
      const secrets = newSecrets();
      await repo.update(id, hashSecrets(secrets));
      await broker?.upsertDevice(brokerLogin({ ...device, ...secrets }));
      return credentialsOf(device, secrets);
    },
  };

  /** POST /device by share code: the shared device is assigned to the caller's data owner. */
  async function bindShared(scope: Scope, body: DeviceCreateBody): Promise<DeviceRow> {
    const device = await repo.findBySharecode(body.device_sharecode!);
    if (!device) throw fieldError('device_sharecode', 'no device has this share code');
    if (await repo.findVisible(scope, device.id))
      throw fieldError('device_sharecode', 'the device is already in your list');
    await repo.grant(device.id, scope.dataOwnerId, body.device_title ?? null);
    return reread(scope, device.id);
  }
}

export type DevicesService = ReturnType<typeof createDevicesService>;
