import type { Language, ListResult, TemplateBody, TemplateRow } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { noPermission } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { fieldError, notFound } from '../devices/device-errors.js';
import type { DeviceRecord, DeviceStructure } from '../devices/device-structure.service.js';
import { requireConfigAccess } from '../devices/devices.service.js';
import { METER_TEMPLATE, METER_TEMPLATE_KEY, METER_TEMPLATE_NAME } from './meter-catalogue.js';
import { applyTemplate } from './template-apply.js';
import { templateProblem } from './template-rules.js';
import type { TemplatesRepository, TemplateTableRow } from './templates.repository.js';
import type { StoredTemplate } from './templates.table.js';

export interface TemplatesServiceDeps {
  repo: TemplatesRepository;
  devices: DeviceStructure;
}

type Listed = TemplateTableRow & { outdated: number };

const toRow = (t: Listed): TemplateRow => ({
  id: t.id,
  name: t.name,
  kind: t.kind,
  remark: t.remark,
  version: t.version,
  builtin: t.builtinKey !== null,
  owner_user_id: t.ownerUserId,
  gateway_protocol: t.content.gateway_protocol ?? null,
  slaves: t.content.slaves,
  points: t.content.points,
  slave_count: t.content.slaves.length,
  point_count: t.content.slaves.reduce((n, s) => n + s.points.length, t.content.points.length),
  outdated_devices: t.outdated,
  updated_at: t.updatedAt.toISOString(),
});

/** Device and gateway templates; applying one builds slaves and points on devices. */
export function createTemplatesService({ repo, devices }: TemplatesServiceDeps) {
  let seeded: Promise<void> | undefined;
  /** The meter catalogue (SPEC 3) exists once, owned by the platform; seeded on first use. */
  function ensureCatalogue(): Promise<void> {
    seeded ??= repo
      .insertBuiltin({
        builtinKey: METER_TEMPLATE_KEY,
        name: METER_TEMPLATE_NAME,
        kind: 'gateway',
        ownerUserId: null,
        remark:
          'Meter data points: voltages, currents, powers, energies, tariffs, frequency, balance, trip switch',
        content: METER_TEMPLATE,
      })
      .catch((error: unknown) => {
        seeded = undefined;
        throw error;
      });
    return seeded;
  }

  async function visible(scope: Scope, id: number): Promise<Listed> {
    await ensureCatalogue();
    const t = await repo.findVisible(scope, id);
    if (!t) throw notFound('template');
    return t;
  }

  /** Platform templates change only by the administrator; others by their owner's side. */
  async function editable(scope: Scope, id: number): Promise<Listed> {
    const t = await visible(scope, id);
    const allowed = t.ownerUserId === null ? scope.isAdmin : await repo.ownedByScope(scope, t.ownerUserId);
    if (!allowed) throw noPermission();
    return t;
  }

  function contentOf(body: Partial<TemplateBody>, current?: StoredTemplate): StoredTemplate {
    return {
      gateway_protocol:
        body.gateway_protocol !== undefined ? body.gateway_protocol : (current?.gateway_protocol ?? null),
      slaves: body.slaves ?? current?.slaves ?? [],
      points: body.points ?? current?.points ?? [],
    };
  }

  function check(kind: 'device' | 'gateway', content: StoredTemplate) {
    const problem = templateProblem(kind, content);
    if (problem) throw fieldError(problem.field, problem.message);
  }

  async function devicesFor(scope: Scope, ids: number[]): Promise<DeviceRecord[]> {
    const out: DeviceRecord[] = [];
    for (const id of [...new Set(ids)]) {
      const d = await devices.findVisible(scope, id);
      if (!d) throw notFound('device');
      out.push(d);
    }
    return out;
  }

  return {
    ensureCatalogue,

    async list(
      scope: Scope,
      q: { page: number; limit: number; search?: string; kind?: 'device' | 'gateway' },
    ) {
      await ensureCatalogue();
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(scope, q, limit, offset);
      return { rows: rows.map(toRow), total } satisfies ListResult<TemplateRow>;
    },

    async get(scope: Scope, id: number): Promise<TemplateRow> {
      return toRow(await visible(scope, id));
    },

    async create(scope: Scope, body: TemplateBody): Promise<TemplateRow> {
      const content = contentOf(body);
      check(body.kind, content);
      const t = await repo.insert({
        ownerUserId: scope.dataOwnerId,
        name: body.name,
        kind: body.kind,
        remark: body.remark ?? '',
        content,
      });
      return toRow({ ...t, outdated: 0 });
    },

    /** A change of slaves or points makes a new version; devices built from older ones are counted. */
    async update(scope: Scope, id: number, body: Partial<TemplateBody>): Promise<TemplateRow> {
      const t = await editable(scope, id);
      const kind = body.kind ?? t.kind;
      const content = contentOf(body, t.content);
      check(kind, content);
      const changed =
        body.slaves !== undefined || body.points !== undefined || body.gateway_protocol !== undefined;
      await repo.update(
        id,
        { name: body.name ?? t.name, kind, remark: body.remark ?? t.remark, content },
        changed,
      );
      return toRow(await visible(scope, id));
    },

    async remove(scope: Scope, id: number): Promise<null> {
      const t = await editable(scope, id);
      if (t.builtinKey !== null) throw noPermission();
      await repo.remove(id);
      return null;
    },

    async devices(scope: Scope, id: number) {
      const t = await visible(scope, id);
      const rows = await repo.devicesOf(scope, id);
      return rows.map((d) => ({
        id: d.id,
        device_title: d.title,
        device_imei: d.imei,
        template_version: d.templateVersion,
        outdated: (d.templateVersion ?? 0) < t.version,
      }));
    },

    /** Rebuilds, in one transaction, what the template built on each selected device (its new version). */
    /** `language`: the requester's, which names the points of the built-in meter template. */
    async apply(scope: Scope, id: number, deviceIds: number[], language?: Language) {
      const t = await visible(scope, id);
      const targets = await devicesFor(scope, deviceIds);
      // An assignee changes a device's configuration only with Device/setParam (docs/api-devices.md).
      for (const device of targets) requireConfigAccess(scope, device);
      return repo.transaction(async (tx) => {
        let slaves = 0;
        let points = 0;
        for (const device of targets) {
          const r = await applyTemplate(
            { devices },
            device,
            t,
            { mode: 'update', field: 'device_ids', language },
            tx,
          );
          slaves += r.slaves;
          points += r.points;
        }
        return { devices: targets.length, slaves, points };
      });
    },

    /** POST /device/{id}/slavedevice/batch: the gateway template's slaves and points on one gateway. */
    async applyToDevice(
      scope: Scope,
      deviceId: number,
      body: { gateway_temp_id: number; mode: 'save' | 'update'; port_id?: number | null },
      language?: Language,
    ) {
      await ensureCatalogue();
      const [device] = await devicesFor(scope, [deviceId]);
      requireConfigAccess(scope, device!);
      const t = await repo.findVisible(scope, body.gateway_temp_id);
      if (!t) throw fieldError('gateway_temp_id', `no template ${body.gateway_temp_id}`);
      if (body.port_id && !(await devices.port(deviceId, body.port_id)))
        throw fieldError('port_id', `no port ${body.port_id} on this device`);
      return repo.transaction((tx) =>
        applyTemplate(
          { devices },
          device!,
          t,
          { mode: body.mode, portId: body.port_id, field: 'gateway_temp_id', language },
          tx,
        ),
      );
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
