import type { Role } from '@fleet/contracts';
import type { RoleView } from './roles.repository.js';

export function toRole(r: RoleView): Role {
  return {
    id: r.id,
    name: r.name,
    remark: r.remark,
    permissions: r.permissions,
    owner_user_id: r.ownerUserId,
    user_count: r.userCount,
    created_at: new Date(r.createdAt).toISOString(),
  };
}
