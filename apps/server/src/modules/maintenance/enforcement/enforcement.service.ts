import {
  ENFORCEMENT_GENESIS_HASH,
  ENFORCEMENT_TYPE_LABELS,
  type EnforcementCreateBody,
  type EnforcementDetail,
  type EnforcementHandleBody,
  type EnforcementListQuery,
  type EnforcementRow,
  type EnforcementVerifyAnswer,
  type Language,
  type ListResult,
  type WorkOrderDetail,
  WorkOrderType,
} from '@fleet/contracts';
import type { Scope } from '../../../platform/auth/scope.js';
import { fieldError, userMessage } from '../../../platform/http/errors.js';
import { pageWindow } from '../../../platform/http/paging.js';
import { notFound } from '../../devices/device-errors.js';
import type { WorkOrdersRepository } from '../work-orders.repository.js';
import type { WorkOrdersService } from '../work-orders.service.js';
import {
  type ChainFile,
  canonicalOf,
  coordinateText,
  createChainWalker,
  sha256Hex,
} from './enforcement.chain.js';
import type { EnforcementRepository, EnforcementView } from './enforcement.repository.js';

/** Records read per page by the verify walk. */
const VERIFY_PAGE = 500;

export function toEnforcementRow(v: EnforcementView): EnforcementRow {
  return {
    id: v.id,
    seq: v.seq,
    owner_user_id: v.ownerUserId,
    owner_name: v.ownerName,
    type: v.type,
    device_id: v.deviceId,
    device_ref: v.deviceRef,
    device_title: v.deviceTitle,
    asset_id: v.assetId,
    site: v.site,
    lat: v.lat,
    lng: v.lng,
    occurred_at: v.occurredAt.toISOString(),
    officer_id: v.officerId,
    officer_name: v.officerName,
    description: v.description,
    created_at: v.createdAt.toISOString(),
    prev_hash: v.prevHash,
    hash: v.hash,
    file_count: v.fileCount,
    order_id: v.orderId,
    order_status: v.orderStatus,
  };
}

export interface EnforcementServiceDeps {
  repo: EnforcementRepository;
  workOrdersRepo: WorkOrdersRepository;
  orders: WorkOrdersService;
  clock: () => Date;
}

/** Law enforcement records: create (append to the tenant's chain), list, read, verify, handle. */
export function createEnforcementService(deps: EnforcementServiceDeps) {
  const { repo, workOrdersRepo, orders, clock } = deps;

  return {
    async list(scope: Scope, query: EnforcementListQuery): Promise<ListResult<EnforcementRow>> {
      const { rows, total } = await repo.list(scope, query, pageWindow(query));
      return { rows: rows.map(toEnforcementRow), total };
    },

    async detail(scope: Scope, id: number): Promise<EnforcementDetail> {
      const record = await repo.get(scope, id);
      if (!record) throw notFound('enforcement record');
      const files = (await repo.filesOf([id])).get(id) ?? [];
      return { ...toEnforcementRow(record), files, canonical: canonicalOf(record, files) };
    },

    /**
     * Appends a record to the caller's tenant's chain. Under the tenant's chain lock: read the last
     * record's seq and hash, hash this record over its fields, its files and that hash, insert.
     */
    async create(scope: Scope, body: EnforcementCreateBody): Promise<EnforcementDetail> {
      const ownerUserId = scope.dataOwnerId;
      const id = await repo.transaction(async (tx) => {
        let device: { id: number; title: string } | undefined;
        if (body.device_id !== null) {
          device = await workOrdersRepo.visibleDevice(scope, body.device_id, tx);
          if (!device)
            throw fieldError('body.device_id', 'maintenance.unknownDevice', { id: body.device_id });
        }
        // The files' locks (in one order) keep the sweep off them until the record holds them.
        for (const hash of [...new Set(body.files)].sort()) await repo.lockHash(hash, tx);
        const uploads = await repo.uploads(ownerUserId, body.files, tx);
        const byHash = new Map(uploads.map((u) => [u.hash, u]));
        const files: ChainFile[] = body.files.map((hash) => {
          const u = byHash.get(hash);
          if (!u) throw fieldError('body.files', 'maintenance.enforcementUnknownFile', { hash });
          return { hash, kind: u.kind, mime: u.mime, size: Number(u.size) };
        });
        const officerName = await workOrdersRepo.personName(scope.userId, tx);

        await repo.lockChain(ownerUserId, tx);
        const last = await repo.lastLink(ownerUserId, tx);
        const now = new Date(clock().getTime());
        const fields = {
          ownerUserId,
          seq: (last?.seq ?? 0) + 1,
          type: body.type,
          deviceId: device?.id ?? null,
          deviceRef: device?.id ?? null,
          deviceTitle: device?.title ?? '',
          assetId: body.asset_id,
          site: body.site,
          lat: coordinateText(body.lat),
          lng: coordinateText(body.lng),
          occurredAt: body.occurred_at,
          officerId: scope.userId,
          officerName,
          description: body.description,
          createdAt: now,
          prevHash: last?.hash ?? ENFORCEMENT_GENESIS_HASH,
        };
        const hash = sha256Hex(canonicalOf(fields, files));
        return (await repo.insert({ ...fields, hash }, files, tx)).id;
      });
      return this.detail(scope, id);
    },

    /**
     * Walks every chain in the caller's data (its own tenant's, and those of tenants below it), each
     * from seq 1: intact, or the first record where one breaks (its tenant named).
     */
    async verify(scope: Scope): Promise<EnforcementVerifyAnswer> {
      const owners = await repo.chainOwners(scope);
      let checked = 0;
      let total = 0;
      let head: string | null = null;
      for (const ownerUserId of owners) {
        total += await repo.chainLength(ownerUserId);
        const walker = createChainWalker();
        let broken: ReturnType<typeof walker.check> = null;
        for (let afterSeq = 0; ; ) {
          const page = await repo.chainPage(ownerUserId, afterSeq, VERIFY_PAGE);
          broken = walker.check(page);
          if (broken || page.length < VERIFY_PAGE) break;
          afterSeq = page.at(-1)!.seq;
        }
        checked += walker.checked;
        if (ownerUserId === scope.dataOwnerId) head = walker.head;
        if (broken)
          return {
            intact: false,
            chains: owners.length,
            checked,
            total,
            broken: {
              owner_user_id: ownerUserId,
              id: broken.id,
              seq: broken.seq,
              reason: broken.reason,
              expected_seq: broken.expectedSeq,
            },
            head_hash: head,
            verified_at: clock().toISOString(),
          };
      }
      return {
        intact: true,
        chains: owners.length,
        checked,
        total,
        broken: null,
        head_hash: head,
        verified_at: clock().toISOString(),
      };
    },

    /**
     * "Handle as work order": a law enforcement order (SPEC 4 type 2) of the record's device, linked by
     * `record_id`, raised through the work orders service; one open order per record.
     */
    async handle(
      scope: Scope,
      id: number,
      body: EnforcementHandleBody,
      lang: Language = 'en',
    ): Promise<WorkOrderDetail> {
      const record = await repo.get(scope, id);
      if (!record) throw notFound('enforcement record');
      const device =
        record.deviceId !== null ? await workOrdersRepo.visibleDevice(scope, record.deviceId) : undefined;
      const label = ENFORCEMENT_TYPE_LABELS[lang][record.type];
      const where = record.deviceTitle || record.site;
      return orders.create(
        scope,
        {
          type: WorkOrderType.ENFORCEMENT,
          title: body.title ?? `#${record.seq} ${label}${where ? `: ${where}` : ''}`.slice(0, 100),
          description: record.description.slice(0, 2000),
          device_id: device?.id ?? null,
          priority: body.priority,
          due_at: body.due_at ?? null,
          assignee_id: body.assignee_id ?? null,
          checklist: [],
        },
        {
          recordId: id,
          guard: async (tx) => {
            if (!(await repo.lockVisible(scope, id, tx))) throw notFound('enforcement record');
            const open = await repo.openOrder(id, tx);
            if (open !== undefined) throw userMessage('maintenance.enforcementHasOrder', { id: open });
          },
        },
      );
    },
  };
}

export type EnforcementService = ReturnType<typeof createEnforcementService>;
