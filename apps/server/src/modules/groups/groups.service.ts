import type { CompanyBody, CompanyRow, GroupBody, GroupRow, ProjectBody, ProjectRow } from '@fleet/contracts';
import type { Executor } from '../../platform/db/client.js';
import { assertWithinLimit } from '../../platform/tenancy/resource-limits.js';
import { createDirectoryRepository, type DirectoryKind, type DirectoryRow } from './directory.repository.js';
import { createDirectoryService } from './directory.service.js';

type Stored<K extends DirectoryKind> = DirectoryRow<K> & { deviceCount: number };

const base = (r: Stored<DirectoryKind>) => ({
  id: r.id,
  name: r.name,
  remark: r.remark,
  device_count: r.deviceCount,
  owner_user_id: r.ownerUserId,
  created_at: r.createdAt.toISOString(),
});

/** Only the fields present in the body (absent fields keep their value). */
function present<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createGroupsService(db: Executor) {
  return createDirectoryService<'group', GroupBody, GroupRow>({
    kind: 'group',
    repo: createDirectoryRepository(db, 'group'),
    toApi: base,
    toValues: (b) => present({ name: b.name, remark: b.remark }),
  });
}

export function createProjectsService(db: Executor) {
  return createDirectoryService<'project', ProjectBody, ProjectRow>({
    kind: 'project',
    repo: createDirectoryRepository(db, 'project'),
    beforeInsert: (ownerUserId, tx) => assertWithinLimit(tx, ownerUserId, 'projects'),
    toApi: (r) => ({
      ...base(r),
      address: r.address,
      lat: r.lat,
      lng: r.lng,
      contact: r.contact,
      phone: r.phone,
    }),
    toValues: (b) =>
      present({
        name: b.name,
        remark: b.remark,
        address: b.address,
        lat: b.lat,
        lng: b.lng,
        contact: b.contact,
        phone: b.phone,
      }),
  });
}

export function createCompaniesService(db: Executor) {
  return createDirectoryService<'company', CompanyBody, CompanyRow>({
    kind: 'company',
    repo: createDirectoryRepository(db, 'company'),
    toApi: (r) => ({ ...base(r), contact: r.contact, phone: r.phone, address: r.address }),
    toValues: (b) =>
      present({ name: b.name, contact: b.contact, phone: b.phone, address: b.address, remark: b.remark }),
  });
}
