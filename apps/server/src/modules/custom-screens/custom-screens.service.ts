import {
  type CustomScreenCreateBody,
  type CustomScreenDetail,
  type CustomScreenDocument,
  type CustomScreenListQuery,
  type CustomScreenRow,
  type CustomScreenShare,
  type CustomScreenUpdateBody,
  customScreenDocument,
  emptyScreenDocument,
  type ListResult,
  type ScreenAlarmsAnswer,
  type ScreenMapAnswer,
  type ScreenPointsAnswer,
  type ScreenScadaAnswer,
  type ScreenSource,
  type ScreenSourceData,
  type ScreenStatusAnswer,
  screenPointIds,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { hasPermission } from '../../platform/auth/scope.js';
import { noPermission, paramError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { assertWithinLimit } from '../../platform/tenancy/resource-limits.js';
import { notFound } from '../devices/device-errors.js';
import type {
  CustomScreenListRow,
  CustomScreensRepository,
  CustomScreenTableRow,
} from './custom-screens.repository.js';
import { newShareToken } from './screen-share-token.js';
import { type ScreenWidgetData, widgetOf, widgetSource } from './screen-widget-data.js';

export interface CustomScreensServiceDeps {
  repo: CustomScreensRepository;
  /** What the widgets read (screen-widget-data.ts), shared with the external link. */
  read: ScreenWidgetData;
}

const toRow = (r: CustomScreenListRow): CustomScreenRow => ({
  id: r.id,
  name: r.name,
  owner_user_id: r.ownerUserId,
  version: r.version,
  published: r.published,
  shared: r.shared,
  shared_at: r.sharedAt ? r.sharedAt.toISOString() : null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** A document from a request, parsed; 10002 naming the offending path otherwise. */
export function checkScreenDocument(json: unknown, field: string): CustomScreenDocument {
  const result = customScreenDocument.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw paramError(`${field}${path ? `.${path}` : ''}: ${issue.message}`);
}

/** Designing, publishing and sharing need CustomScreen/edit; the routes ask CustomScreen of everything. */
function requireEditor(scope: Scope) {
  if (!hasPermission(scope, 'CustomScreen/edit')) throw noPermission();
}

/** Reading a SCADA drawing needs IndScada, as on the SCADA pages (scada.routes.ts). */
function requireScadaReader(scope: Scope) {
  if (!hasPermission(scope, 'IndScada')) throw noPermission();
}

/** Custom screens of a tenant (issue 23 item 2, docs/custom-screens.md). */
export function createCustomScreensService(deps: CustomScreensServiceDeps) {
  const { repo, read } = deps;

  async function visible(scope: Scope, id: number) {
    const row = await repo.findVisible(scope, id);
    if (!row) throw notFound('custom screen');
    return row;
  }

  /** Says whether a link is out, never its hash. */
  const detail = ({ shareTokenHash, document, ...row }: CustomScreenTableRow): CustomScreenDetail => ({
    ...toRow({ ...row, shared: shareTokenHash !== null }),
    document,
  });

  return {
    async list(scope: Scope, q: CustomScreenListQuery): Promise<ListResult<CustomScreenRow>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(
        scope,
        { search: q.search, published: q.published === undefined ? undefined : q.published === '1' },
        limit,
        offset,
      );
      return { rows: rows.map(toRow), total };
    },

    async get(scope: Scope, id: number): Promise<CustomScreenDetail> {
      return detail(await visible(scope, id));
    },

    /** A new screen (empty unless a document is given), counted against the `screens` limit. */
    async create(scope: Scope, body: CustomScreenCreateBody): Promise<CustomScreenDetail> {
      requireEditor(scope);
      const document =
        body.document === undefined
          ? emptyScreenDocument()
          : checkScreenDocument(body.document, 'body.document');
      const ownerUserId = scope.dataOwnerId;
      const row = await repo.transaction(async (tx) => {
        await assertWithinLimit(tx, ownerUserId, 'screens');
        return repo.insert(
          { ownerUserId, name: body.name, document, published: false, shareTokenHash: null },
          tx,
        );
      });
      return detail(row);
    },

    /** Rename, publish / unpublish, save the document (with the version it was loaded at: stale is 20000). */
    async update(scope: Scope, id: number, body: CustomScreenUpdateBody): Promise<CustomScreenDetail> {
      requireEditor(scope);
      await visible(scope, id);
      const document =
        body.document === undefined ? undefined : checkScreenDocument(body.document, 'body.document');
      const row = await repo.update(
        id,
        {
          ...(body.name !== undefined && { name: body.name }),
          ...(document !== undefined && { document }),
          ...(body.published !== undefined && { published: body.published }),
        },
        { expectedVersion: document === undefined ? undefined : body.version, bump: document !== undefined },
      );
      if (!row) {
        const now = await repo.findVisible(scope, id);
        if (!now) throw notFound('custom screen');
        throw userMessage('screen.staleVersion', { version: now.version });
      }
      return detail(row);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      requireEditor(scope);
      await visible(scope, id);
      await repo.remove(id);
      return null;
    },

    /**
     * A new external link; the previous link (if any) stops working. The token is in this answer only
     * (like an API key): the table keeps its hash, so no later read can show it again.
     */
    async share(scope: Scope, id: number): Promise<CustomScreenShare> {
      requireEditor(scope);
      await visible(scope, id);
      const { token, hash } = newShareToken();
      const sharedAt = new Date();
      await repo.update(id, { shareTokenHash: hash, sharedAt }, { bump: false });
      return { share_token: token, shared_at: sharedAt.toISOString() };
    },

    async revokeShare(scope: Scope, id: number): Promise<CustomScreenShare> {
      requireEditor(scope);
      await visible(scope, id);
      await repo.update(id, { shareTokenHash: null, sharedAt: null }, { bump: false });
      return { share_token: null, shared_at: null };
    },

    /** The stored screen's bound points with their latest values. */
    async points(scope: Scope, id: number): Promise<ScreenPointsAnswer> {
      const row = await visible(scope, id);
      return read.points(scope, screenPointIds(row.document));
    },

    /** A widget's source of the stored screen. */
    async data(scope: Scope, id: number, widgetId: string): Promise<ScreenSourceData> {
      const row = await visible(scope, id);
      return read.data(scope, widgetSource(row.document, widgetId));
    },

    /** The designer's preview of widgets not saved yet (the caller's own visibility applies). */
    async previewPoints(scope: Scope, ids: readonly number[]): Promise<ScreenPointsAnswer> {
      requireEditor(scope);
      return read.points(scope, ids);
    },

    async previewData(scope: Scope, source: ScreenSource): Promise<ScreenSourceData> {
      requireEditor(scope);
      return read.data(scope, source);
    },

    /** An alarm list widget of the stored screen. */
    async alarms(scope: Scope, id: number, widgetId: string): Promise<ScreenAlarmsAnswer> {
      const row = await visible(scope, id);
      const widget = widgetOf(row.document, widgetId, 'alarms');
      return read.alarms(scope, widget.devices, widget.rows);
    },

    async previewAlarms(
      scope: Scope,
      body: { devices: number[]; rows: number },
    ): Promise<ScreenAlarmsAnswer> {
      requireEditor(scope);
      return read.alarms(scope, body.devices, body.rows);
    },

    /** A status table widget of the stored screen. */
    async status(scope: Scope, id: number, widgetId: string): Promise<ScreenStatusAnswer> {
      const row = await visible(scope, id);
      const widget = widgetOf(row.document, widgetId, 'status');
      return read.status(scope, widget.devices, widget.columns);
    },

    async previewStatus(
      scope: Scope,
      body: { devices: number[]; columns: string[] },
    ): Promise<ScreenStatusAnswer> {
      requireEditor(scope);
      return read.status(scope, body.devices, body.columns);
    },

    /**
     * An embedded SCADA widget of the stored screen: the drawing is a SCADA page, so the reader needs
     * the SCADA permission too (the one the SCADA routes ask), not only CustomScreen. The external link
     * reads as the owner instead (screen-share.service.ts).
     */
    async scada(scope: Scope, id: number, widgetId: string): Promise<ScreenScadaAnswer> {
      const row = await visible(scope, id);
      requireScadaReader(scope);
      return read.scadaView(scope, widgetOf(row.document, widgetId, 'scada').scada);
    },

    /** The designer picks from the SCADA list, so it reads a drawing only with the SCADA permission too. */
    async previewScada(scope: Scope, scadaId: number): Promise<ScreenScadaAnswer> {
      requireEditor(scope);
      requireScadaReader(scope);
      return read.scadaView(scope, scadaId);
    },

    /** A map widget of the stored screen. */
    async map(scope: Scope, id: number, widgetId: string): Promise<ScreenMapAnswer> {
      const row = await visible(scope, id);
      // Signed in, a map naming no device shows all the reader may see (their own fleet).
      return read.mapView(scope, widgetOf(row.document, widgetId, 'map').devices, 'all');
    },

    async previewMap(scope: Scope, devices: number[]): Promise<ScreenMapAnswer> {
      requireEditor(scope);
      return read.mapView(scope, devices, 'all');
    },
  };
}

export type CustomScreensService = ReturnType<typeof createCustomScreensService>;
