import {
  BizCode,
  formatServerMessage,
  type ListResult,
  type MessageParams,
  OTA_IMEI_RE,
  type OtaAssignBody,
  type OtaGatewayCreateBody,
  type OtaGatewayCreateResult,
  type OtaGatewayListQuery,
  type OtaGatewayRow,
  type OtaGatewayUpdateBody,
  type OtaLineFailure,
  type OtaSimCreateBody,
  type OtaSimImportBody,
  type OtaSimImportResult,
  type OtaSimListQuery,
  type OtaSimRow,
  type OtaSimUpdateBody,
  type ServerMessageKey,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError, fieldError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { isUniqueViolation, notFound } from '../devices/device-errors.js';
import type {
  NewOtaGateway,
  NewOtaSim,
  OtaGatewayRecord,
  OtaRegistryRepository,
  OtaSimTableRow,
} from './registry.repository.js';

const toGatewayRow = (r: OtaGatewayRecord): OtaGatewayRow => ({
  id: r.id,
  owner_user_id: r.ownerUserId,
  imei: r.imei,
  iccid: r.iccid,
  type: r.type,
  model: r.model,
  default_port: r.defaultPort,
  firmware_version: r.firmwareVersion,
  firmware_counter: r.firmwareCounter,
  param_version: r.paramVersion,
  server_address: r.serverAddress,
  point_limit: r.pointLimit,
  remark: r.remark,
  project_id: r.projectId,
  sim_status: r.simStatus,
  firmware_plan_id: r.firmwarePlanName === null ? null : r.firmwarePlanId,
  firmware_plan_name: r.firmwarePlanName,
  param_plan_id: r.paramPlanName === null ? null : r.paramPlanId,
  param_plan_name: r.paramPlanName,
  plan_time: r.planAt?.toISOString() ?? null,
  csq_rssi: r.csqRssi,
  csq_ber: r.csqBer,
  csq_at: r.csqAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const toSimRow = (r: OtaSimTableRow, imeis: string[]): OtaSimRow => ({
  id: r.id,
  owner_user_id: r.ownerUserId,
  iccid: r.iccid,
  carrier: r.carrier,
  status: r.status,
  data_used: r.dataUsed,
  data_limit: r.dataLimit,
  expires_on: r.expiresOn,
  remark: r.remark,
  gateway_imeis: imeis,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

function failure(row: number, value: string, key: ServerMessageKey, params?: MessageParams): OtaLineFailure {
  return { row, value, reason: formatServerMessage(key, params), reason_key: key };
}

/**
 * 10002 naming the field, every bad line in `data.failed`; nothing was stored (docs/api-ota.md).
 * `msg_key` is ota.importFailed, each failure carries its own `reason_key`.
 */
function linesFailed(field: string, failed: OtaLineFailure[], total: number): AppError {
  const params = { failed: failed.length, total };
  const error = new AppError(
    BizCode.PARAM_ERROR,
    `${field}: ${formatServerMessage('ota.importFailed', params)}`,
    { created: 0, failed },
  );
  error.messageKey = 'ota.importFailed';
  error.messageParams = params;
  return error;
}

/** The OTA gateway and SIM card registry of a tenant (docs/api-ota.md). Routes check the permissions. */
export function createOtaRegistryService({
  repo,
  clock = () => new Date(),
}: {
  repo: OtaRegistryRepository;
  clock?: () => Date;
}) {
  async function gateway(scope: Scope, id: number): Promise<OtaGatewayRecord> {
    const row = await repo.findGateway(scope, id);
    if (!row) throw notFound('gateway');
    return row;
  }

  async function sim(scope: Scope, id: number): Promise<OtaSimTableRow> {
    const row = await repo.findSim(scope, id);
    if (!row) throw notFound('SIM card');
    return row;
  }

  async function checkProject(scope: Scope, id: number | null | undefined, field: string) {
    if (id == null) return;
    if (!(await repo.projectVisible(scope, id))) throw fieldError(field, 'ota.unknownProject', { id });
  }

  async function simRows(scope: Scope, rows: OtaSimTableRow[]): Promise<OtaSimRow[]> {
    const imeis = await repo.gatewayImeisByIccid(
      scope,
      rows.map((r) => r.iccid),
    );
    return rows.map((r) => toSimRow(r, imeis.get(r.iccid) ?? []));
  }

  /**
   * Every SIM of `bodies` checked (format by the schema; repeats in the input and ICCIDs already
   * registered here), then all inserted in one transaction, or none.
   */
  async function insertSims(
    scope: Scope,
    bodies: OtaSimCreateBody[],
    tx: Executor,
  ): Promise<OtaSimTableRow[]> {
    const taken = await repo.takenIccids(
      bodies.map((b) => b.iccid),
      tx,
    );
    const seen = new Map<string, number>();
    const failed: OtaLineFailure[] = [];
    bodies.forEach((b, i) => {
      const row = i + 1;
      const first = seen.get(b.iccid);
      if (first !== undefined)
        failed.push(failure(row, b.iccid, 'ota.duplicateIccid', { iccid: b.iccid, first }));
      else if (taken.has(b.iccid)) failed.push(failure(row, b.iccid, 'ota.iccidTaken', { iccid: b.iccid }));
      if (first === undefined) seen.set(b.iccid, row);
    });
    if (failed.length > 0) {
      if (bodies.length === 1) throw userMessage('ota.iccidTaken', { iccid: bodies[0]!.iccid });
      throw linesFailed('body.sims', failed, bodies.length);
    }
    const values: NewOtaSim[] = bodies.map((b) => ({
      ownerUserId: scope.dataOwnerId,
      iccid: b.iccid,
      carrier: b.carrier ?? 'other',
      status: b.status ?? 'active',
      dataUsed: b.data_used ?? 0,
      dataLimit: b.data_limit ?? null,
      expiresOn: b.expires_on ?? null,
      remark: b.remark ?? '',
    }));
    try {
      return await repo.insertSims(values, tx);
    } catch (error) {
      // Registered by someone else between the check and the insert.
      if (isUniqueViolation(error)) throw userMessage('ota.iccidTaken', { iccid: bodies[0]!.iccid });
      throw error;
    }
  }

  return {
    async listGateways(scope: Scope, query: OtaGatewayListQuery): Promise<ListResult<OtaGatewayRow>> {
      const { page: _page, limit: _limit, ...filters } = query;
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.listGateways(scope, filters, limit, offset);
      return { rows: rows.map(toGatewayRow), total };
    },

    async getGateway(scope: Scope, id: number): Promise<OtaGatewayRow> {
      return toGatewayRow(await gateway(scope, id));
    },

    /**
     * SPEC 5: several IMEIs, one per line (trimmed, blank lines skipped, `row` = line number). All or
     * nothing: a line that is not an IMEI, repeats an earlier line or is registered already (by any
     * tenant: an IMEI is unique on the platform) fails the whole request with every bad line listed.
     */
    async createGateways(scope: Scope, body: OtaGatewayCreateBody): Promise<OtaGatewayCreateResult> {
      const lines = body.imeis
        .split(/\r?\n/)
        .map((line, i) => ({ row: i + 1, imei: line.trim() }))
        .filter((l) => l.imei !== '');
      if (lines.length === 0) throw fieldError('body.imeis', 'import.noImei');
      await checkProject(scope, body.project_id, 'body.project_id');
      const taken = await repo.takenImeis(lines.map((l) => l.imei).filter((imei) => OTA_IMEI_RE.test(imei)));
      const seen = new Map<string, number>();
      const failed: OtaLineFailure[] = [];
      for (const { row, imei } of lines) {
        if (!OTA_IMEI_RE.test(imei)) {
          failed.push(failure(row, imei, 'ota.invalidImei'));
          continue;
        }
        const first = seen.get(imei);
        if (first !== undefined) {
          failed.push(failure(row, imei, 'ota.duplicateImei', { imei, first }));
          continue;
        }
        seen.set(imei, row);
        if (taken.has(imei)) failed.push(failure(row, imei, 'ota.imeiTaken', { imei }));
      }
      if (failed.length > 0) throw linesFailed('body.imeis', failed, lines.length);
      const values: NewOtaGateway[] = lines.map(({ imei }) => ({
        ownerUserId: scope.dataOwnerId,
        imei,
        type: body.type,
        model: body.model ?? '',
        defaultPort: body.default_port ?? null,
        serverAddress: body.server_address ?? '',
        pointLimit: body.point_limit ?? null,
        remark: body.remark ?? '',
        projectId: body.project_id ?? null,
      }));
      let ids: number[];
      try {
        ids = await repo.transaction((tx) => repo.insertGateways(values, tx));
      } catch (error) {
        // Registered by someone else between the check and the insert: nothing of this request stays.
        if (isUniqueViolation(error)) {
          const again = await repo.takenImeis(values.map((v) => v.imei));
          const imei = values.find((v) => again.has(v.imei))?.imei ?? values[0]!.imei;
          throw userMessage('ota.imeiTaken', { imei });
        }
        throw error;
      }
      const rows = await repo.gatewaysByIds(scope, ids);
      return { created: rows.map(toGatewayRow) };
    },

    async updateGateway(scope: Scope, id: number, body: OtaGatewayUpdateBody): Promise<OtaGatewayRow> {
      await gateway(scope, id);
      await checkProject(scope, body.project_id, 'body.project_id');
      await repo.updateGateway(id, {
        ...(body.iccid !== undefined && { iccid: body.iccid }),
        ...(body.type !== undefined && { type: body.type }),
        ...(body.model !== undefined && { model: body.model }),
        ...(body.default_port !== undefined && { defaultPort: body.default_port }),
        ...(body.server_address !== undefined && { serverAddress: body.server_address }),
        ...(body.point_limit !== undefined && { pointLimit: body.point_limit }),
        ...(body.remark !== undefined && { remark: body.remark }),
        ...(body.project_id !== undefined && { projectId: body.project_id }),
      });
      return toGatewayRow(await gateway(scope, id));
    },

    async removeGateway(scope: Scope, id: number): Promise<null> {
      await gateway(scope, id);
      await repo.removeGateway(id);
      return null;
    },

    /**
     * Hands a gateway to the caller's data owner or an account below it (not a sub-account, which works
     * in its parent's data). The project is the old owner's, so it is cleared.
     */
    async assignGateway(scope: Scope, id: number, body: OtaAssignBody): Promise<OtaGatewayRow> {
      const row = await gateway(scope, id);
      if (!(await repo.assignableUser(scope, body.user_id)))
        throw fieldError('body.user_id', 'ota.unknownUser', { id: body.user_id });
      if (row.ownerUserId !== body.user_id)
        await repo.updateGateway(id, { ownerUserId: body.user_id, projectId: null });
      return toGatewayRow(await gateway(scope, id));
    },

    // ------------------------------------------------------------ SIM cards

    async listSims(scope: Scope, query: OtaSimListQuery): Promise<ListResult<OtaSimRow>> {
      const { page: _page, limit: _limit, ...filters } = query;
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.listSims(scope, filters, limit, offset, clock());
      return { rows: await simRows(scope, rows), total };
    },

    async getSim(scope: Scope, id: number): Promise<OtaSimRow> {
      return (await simRows(scope, [await sim(scope, id)]))[0]!;
    },

    /** One SIM card; an ICCID registered already answers 20000 ota.iccidTaken. */
    async createSim(scope: Scope, body: OtaSimCreateBody): Promise<OtaSimRow> {
      const [row] = await repo.transaction((tx) => insertSims(scope, [body], tx));
      return (await simRows(scope, [row!]))[0]!;
    },

    /** A JSON list of SIM cards, all or nothing (bad items listed like the IMEI lines of gateways). */
    async importSims(scope: Scope, body: OtaSimImportBody): Promise<OtaSimImportResult> {
      const rows = await repo.transaction((tx) => insertSims(scope, body.sims, tx));
      return { created: rows.length };
    },

    async updateSim(scope: Scope, id: number, body: OtaSimUpdateBody): Promise<OtaSimRow> {
      await sim(scope, id);
      await repo.updateSim(id, {
        ...(body.carrier !== undefined && { carrier: body.carrier }),
        ...(body.status !== undefined && { status: body.status }),
        ...(body.data_used !== undefined && { dataUsed: body.data_used }),
        ...(body.data_limit !== undefined && { dataLimit: body.data_limit }),
        ...(body.expires_on !== undefined && { expiresOn: body.expires_on }),
        ...(body.remark !== undefined && { remark: body.remark }),
      });
      return (await simRows(scope, [await sim(scope, id)]))[0]!;
    },

    async removeSim(scope: Scope, id: number): Promise<null> {
      await sim(scope, id);
      await repo.removeSim(id);
      return null;
    },
  };
}

export type OtaRegistryService = ReturnType<typeof createOtaRegistryService>;
