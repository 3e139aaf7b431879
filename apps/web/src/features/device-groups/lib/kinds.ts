/**
 * Device groups, projects and companies (docs/api-devices.md "Groups, projects, companies"): three flat
 * lists with the same API shape, so one list page, drawer and select serve all three.
 */
export type CollectionKind = 'group' | 'project' | 'company';

export const COLLECTION_PATH: Record<CollectionKind, string> = {
  group: '/device/group',
  project: '/device/project',
  company: '/company',
};

/** Route permission of each list (SPEC 2.3): groups and projects under DeviceManage, companies DeviceCompany. */
export const COLLECTION_PERMISSION: Record<CollectionKind, string> = {
  group: 'DeviceManage',
  project: 'DeviceManage',
  company: 'DeviceCompany',
};

/** Extra text fields a kind has besides name and remark, in form order. */
export const COLLECTION_FIELDS: Record<CollectionKind, readonly ('address' | 'contact' | 'phone')[]> = {
  group: [],
  project: ['contact', 'phone', 'address'],
  company: ['contact', 'phone', 'address'],
};

export const FIELD_MAX = { address: 200, contact: 64, phone: 32 } as const;
