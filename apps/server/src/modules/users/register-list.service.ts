import type { ListResult, RegisterListQuery, RegisterUserRow } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { pageWindow } from '../../platform/http/paging.js';
import type { RegisterListRepository } from './register-list.repository.js';
import type { CountDevicesOf } from './user-admin.service.js';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function createRegisterListService(deps: {
  repo: RegisterListRepository;
  countDevicesOf: CountDevicesOf;
}) {
  return {
    /** GET /auth/user/register: user_type 5 below the caller's data owner, with bound devices. */
    async list(scope: Scope, q: RegisterListQuery): Promise<ListResult<RegisterUserRow>> {
      const { rows, total } = await deps.repo.list({ scope, search: q.search || undefined }, pageWindow(q));
      const devices = await deps.countDevicesOf(rows.map((r) => r.id));
      return {
        rows: rows.map((r) => ({
          user_id: r.id,
          username: r.username,
          nick_name: r.nickName,
          phone: r.phone,
          email: r.email,
          status: r.status === 1 ? 1 : 0,
          parent_id: r.parentId,
          parent_username: r.parentUsername,
          registerAt: iso(r.createdAt) ?? '',
          bound_devices: devices.get(r.id) ?? 0,
          login_time: iso(r.lastLoginAt),
          user_expire: r.userExpire ? Math.floor(r.userExpire.getTime() / 1000) : null,
        })),
        total,
      };
    },
  };
}
