import {
  createdName,
  type Language,
  type ListResult,
  type ScadaCreateBody,
  type ScadaDetail,
  type ScadaExportFile,
  type ScadaForDevice,
  type ScadaImportBody,
  type ScadaKind,
  type ScadaListQuery,
  type ScadaPoints,
  type ScadaPublishBody,
  type ScadaPublished,
  type ScadaResolved,
  type ScadaRow,
  type ScadaUpdateBody,
} from '@fleet/contracts';
import {
  collectPointRefs,
  DEFAULT_CANVAS,
  loadDocument,
  resolveTemplateBindings,
  SCADA_SCHEMA_VERSION,
  type ScadaDocument,
} from '@fleet/scada-model';
import type { Scope } from '../../platform/auth/scope.js';
import { hasPermission } from '../../platform/auth/scope.js';
import { fieldError, noPermission, paramError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { assertWithinLimit } from '../../platform/tenancy/resource-limits.js';
import type { DataLock } from '../devices/data-lock.js';
import { notFound } from '../devices/device-errors.js';
import type { DeviceLookup } from '../devices/device-lookup.service.js';
import { toPointRow } from '../devices/device-mapper.js';
import type { TemplateLookup } from '../templates/template-lookup.service.js';
import type { ScadaListRow, ScadaRepository, ScadaTableRow } from './scada.repository.js';

export interface ScadaServiceDeps {
  repo: ScadaRepository;
  templates: Pick<TemplateLookup, 'findVisible'>;
  devices: Pick<DeviceLookup, 'findVisible' | 'points' | 'pointsByIds'>;
  /** The expired-device data lock (devices/data-lock.ts, the rule telemetry and /wss use). */
  dataLock: Pick<DataLock, 'lockedIds'>;
}

const toRow = (r: ScadaListRow): ScadaRow => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  template_id: r.templateId,
  owner_user_id: r.ownerUserId,
  version: r.version,
  thumbnail: r.thumbnail,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** An empty drawing: one page on the default canvas, named in `lang`. */
export function emptyDocument(name?: string, lang: Language = 'zh'): ScadaDocument {
  const doc = {
    schemaVersion: SCADA_SCHEMA_VERSION,
    ...(name && { name }),
    pages: {
      main: {
        name: createdName('scada.firstPage', lang),
        canvas: { ...DEFAULT_CANVAS },
        elements: {},
        order: [],
      },
    },
    pageOrder: ['main'],
  };
  const loaded = loadDocument(doc);
  if (!loaded.ok) throw new Error(`empty SCADA document invalid: ${loaded.path} ${loaded.message}`);
  return loaded.doc;
}

/**
 * `loadDocument` (migrate, then validate) on a document from a request; `field` is where it came from.
 * A version newer than the server's has its own message; other failures name the offending path.
 */
export function checkDocument(json: unknown, field: string): ScadaDocument {
  const result = loadDocument(json);
  if (result.ok) return result.doc;
  if (result.code === 'too-new') {
    const version = (json as { schemaVersion?: unknown }).schemaVersion;
    throw fieldError(`${field}.schemaVersion`, 'scada.documentTooNew', {
      version: String(version),
      supported: SCADA_SCHEMA_VERSION,
    });
  }
  throw paramError(`${result.path ? `${field}.${result.path}` : field}: ${result.message}`);
}

/** A stored document brought up to this server's version (stored ones are valid; keep it if not). */
function current(doc: ScadaDocument): ScadaDocument {
  const result = loadDocument(doc);
  return result.ok ? result.doc : doc;
}

/** Reading needs IndScada (the route); changing needs ScadaManager as well (docs/api-scada.md). */
function requireManager(scope: Scope) {
  if (!hasPermission(scope, 'ScadaManager')) throw noPermission();
}

/** SCADA apps and templates of a tenant (docs/api-scada.md). */
export function createScadaService({ repo, templates, devices, dataLock }: ScadaServiceDeps) {
  async function visible(scope: Scope, id: number): Promise<ScadaTableRow> {
    const row = await repo.findVisible(scope, id);
    if (!row) throw notFound('SCADA app');
    return row;
  }

  /** A template drawing binds a device template the caller sees; an app binds none. */
  async function checkTemplate(
    scope: Scope,
    kind: ScadaKind,
    templateId: number | null | undefined,
    field: string,
  ): Promise<number | null> {
    if (kind === 'app') {
      if (templateId != null) throw fieldError(field, 'scada.templateNotAllowed');
      return null;
    }
    if (templateId == null) throw fieldError(field, 'scada.templateRequired');
    if (!(await templates.findVisible(scope, templateId)))
      throw fieldError(field, 'scada.unknownTemplate', { id: templateId });
    return templateId;
  }

  async function insert(
    scope: Scope,
    values: {
      kind: ScadaKind;
      name: string;
      templateId: number | null;
      document: ScadaDocument;
      thumbnail: string | null;
    },
  ): Promise<ScadaDetail> {
    const ownerUserId = scope.dataOwnerId;
    const row = await repo.transaction(async (tx) => {
      await assertWithinLimit(tx, ownerUserId, 'scada');
      return repo.insert({ ...values, ownerUserId }, tx);
    });
    return { ...toRow(row), document: row.document };
  }

  return {
    async list(scope: Scope, q: ScadaListQuery): Promise<ListResult<ScadaRow>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(scope, q, limit, offset);
      return { rows: rows.map(toRow), total };
    },

    async get(scope: Scope, id: number): Promise<ScadaDetail> {
      const row = await visible(scope, id);
      return { ...toRow(row), document: current(row.document) };
    },

    /** `lang`: the caller's language, which names the first page of an empty drawing. */
    async create(scope: Scope, body: ScadaCreateBody, lang: Language): Promise<ScadaDetail> {
      requireManager(scope);
      const document =
        body.document === undefined
          ? emptyDocument(undefined, lang)
          : checkDocument(body.document, 'body.document');
      const templateId = await checkTemplate(scope, body.kind, body.template_id, 'body.template_id');
      return insert(scope, {
        kind: body.kind,
        name: body.name,
        templateId,
        document,
        thumbnail: body.thumbnail ?? null,
      });
    },

    /**
     * Rename, thumbnail and/or document save. A save must name the version it was loaded at and makes
     * the next one; a stale version answers 20000 and nothing is written.
     */
    async update(scope: Scope, id: number, body: ScadaUpdateBody): Promise<ScadaDetail> {
      requireManager(scope);
      await visible(scope, id);
      const document =
        body.document === undefined ? undefined : checkDocument(body.document, 'body.document');
      const patch = {
        ...(body.name !== undefined && { name: body.name }),
        ...(document !== undefined && { document }),
        ...(body.thumbnail !== undefined && { thumbnail: body.thumbnail }),
      };
      const row = await repo.update(id, patch, {
        expectedVersion: body.version,
        bump: document !== undefined,
      });
      if (!row) {
        const now = await repo.findVisible(scope, id);
        if (!now) throw notFound('SCADA app');
        throw userMessage('scada.staleVersion', { version: now.version });
      }
      return { ...toRow(row), document: row.document };
    },

    async remove(scope: Scope, id: number): Promise<null> {
      requireManager(scope);
      await visible(scope, id);
      await repo.remove(id);
      return null;
    },

    /** A new drawing (version 1) with the same kind, binding and document; counted against the limit. */
    async copy(scope: Scope, id: number, body: { name?: string }, lang: Language): Promise<ScadaDetail> {
      requireManager(scope);
      const source = await visible(scope, id);
      return insert(scope, {
        kind: source.kind,
        name: body.name ?? createdName('scada.copyOf', lang, { name: source.name }).slice(0, 64),
        templateId: source.templateId,
        document: current(source.document),
        thumbnail: source.thumbnail,
      });
    },

    async exportFile(scope: Scope, id: number): Promise<ScadaExportFile> {
      const row = await visible(scope, id);
      return {
        format: 'fleet-scada',
        version: 1,
        kind: row.kind,
        name: row.name,
        template_id: row.templateId,
        document: current(row.document),
      };
    },

    /** An exported file as a new drawing; older documents are migrated, a template needs a template here. */
    async importFile(scope: Scope, body: ScadaImportBody, lang: Language): Promise<ScadaDetail> {
      requireManager(scope);
      const document = checkDocument(body.document, 'body.document');
      const templateId = await checkTemplate(scope, body.kind, body.template_id, 'body.template_id');
      return insert(scope, {
        kind: body.kind,
        name: body.name ?? createdName('scada.imported', lang),
        templateId,
        document,
        thumbnail: null,
      });
    },

    /** A template drawing for one device built from its device template: names become point ids. */
    /** The templates (visible to the scope) drawn for a visible device's device template, newest first. */
    async forDevice(scope: Scope, deviceId: number): Promise<ScadaForDevice> {
      const device = await devices.findVisible(scope, deviceId);
      if (!device) throw notFound('device');
      if (device.templateId === null) return { rows: [] };
      const { rows } = await repo.list(scope, { kind: 'template', templateId: device.templateId }, 20, 0);
      return { rows: rows.map((r) => ({ id: r.id, name: r.name })) };
    },

    async resolve(scope: Scope, id: number, deviceId: number): Promise<ScadaResolved> {
      const row = await visible(scope, id);
      if (row.kind !== 'template') throw userMessage('scada.notTemplate');
      const device = await devices.findVisible(scope, deviceId);
      if (!device) throw notFound('device');
      if (row.templateId === null || device.templateId !== row.templateId)
        throw fieldError('query.device_id', 'scada.deviceNotOfTemplate', { id: deviceId });
      // Points come ordered by slave and sort: on a gateway the first point of a name wins.
      const byName = new Map<string, string>();
      for (const p of await devices.points(deviceId))
        if (!byName.has(p.name)) byName.set(p.name, String(p.id));
      const { doc, missing } = resolveTemplateBindings(current(row.document), byName);
      return { id: row.id, device_id: deviceId, document: doc, missing };
    },

    /**
     * A template published as apps: for each chosen device (visible, built from the template's device
     * template) a new app with the template's document resolved for it, named `<template> · <device>`.
     * All or nothing: one transaction, the SCADA limit checked for every app.
     */
    async publish(scope: Scope, id: number, body: ScadaPublishBody): Promise<ScadaPublished> {
      requireManager(scope);
      const row = await visible(scope, id);
      if (row.kind !== 'template') throw userMessage('scada.notTemplate');
      const planned: { name: string; document: ScadaDocument }[] = [];
      for (const deviceId of new Set(body.device_ids)) {
        const device = await devices.findVisible(scope, deviceId);
        if (!device) throw notFound('device');
        if (row.templateId === null || device.templateId !== row.templateId)
          throw fieldError('body.device_ids', 'scada.deviceNotOfTemplate', { id: deviceId });
        const { document } = await this.resolve(scope, id, deviceId);
        const title = device.binderTitle || device.title || `#${deviceId}`;
        planned.push({ name: `${row.name} · ${title}`.slice(0, 64), document: document as ScadaDocument });
      }
      const ownerUserId = scope.dataOwnerId;
      const rows = await repo.transaction(async (tx) => {
        const out = [];
        for (const p of planned) {
          await assertWithinLimit(tx, ownerUserId, 'scada');
          out.push(
            await repo.insert(
              { ...p, kind: 'app', templateId: null, thumbnail: row.thumbnail, ownerUserId },
              tx,
            ),
          );
        }
        return out;
      });
      return { apps: rows.map(toRow) };
    },

    /**
     * What the runtime needs to show a drawing live: the points it references (by id, after resolving a
     * template for `deviceId`) with their device, unit, translation and write rules, and those devices
     * with their online status. Points of devices the caller does not see are left out (no data).
     */
    async points(scope: Scope, id: number, deviceId?: number): Promise<ScadaPoints> {
      const row = await visible(scope, id);
      const doc =
        row.kind === 'template' && deviceId !== undefined
          ? ((await this.resolve(scope, id, deviceId)).document as ScadaDocument)
          : current(row.document);
      const ids = new Set<number>();
      for (const ref of collectPointRefs(doc)) {
        if (ref.by === 'id' && /^\d{1,15}$/.test(ref.pointId)) ids.add(Number(ref.pointId));
      }
      const rows = await devices.pointsByIds([...ids].slice(0, 10_000));
      const shown = new Map<number, { id: number; name: string; status: number; locked: boolean } | null>();
      for (const p of rows) {
        if (shown.has(p.deviceId)) continue;
        const device = await devices.findVisible(scope, p.deviceId);
        shown.set(
          p.deviceId,
          device
            ? {
                id: device.id,
                name: device.binderTitle || device.title,
                status: device.status,
                locked: false,
              }
            : null,
        );
      }
      const locked = await dataLock.lockedIds([...shown.keys()]);
      for (const d of shown.values()) if (d) d.locked = locked.has(d.id);
      return {
        devices: [...shown.values()].filter((d) => d !== null),
        points: rows.filter((p) => shown.get(p.deviceId)).map((p) => toPointRow(p, null)),
      };
    },
  };
}

export type ScadaService = ReturnType<typeof createScadaService>;
