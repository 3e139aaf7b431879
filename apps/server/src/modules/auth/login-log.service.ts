import { type ListResult, type LoginLogQuery, type LoginLogRow, UserType } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { pageWindow } from '../../platform/http/paging.js';
import type { LoginLogRepository } from './login-log.repository.js';

export function createLoginLogService({ repo }: { repo: LoginLogRepository }) {
  return {
    /** The caller's own attempts and those of users below its data owner (platform: also unknown names). */
    async list(scope: Scope, q: LoginLogQuery): Promise<ListResult<LoginLogRow>> {
      const { rows, total } = await repo.list(
        {
          selfId: scope.userId,
          scope,
          includeUnknown: scope.userType === UserType.PLATFORM && !scope.isSubuser,
          username: q.username || undefined,
          success: q.success,
          from: q.starttime,
          to: q.endtime,
        },
        pageWindow(q),
      );
      return {
        rows: rows.map((r) => ({
          id: r.id,
          user_id: r.userId,
          username: r.username,
          at: new Date(r.at).toISOString(),
          ip: r.ip,
          user_agent: r.userAgent,
          success: r.success,
          reason: r.reason,
        })),
        total,
      };
    },
  };
}
