import {
  ALL_PERMISSIONS,
  type ChangePasswordBody,
  type UpdateMeBody,
  type UserInfo,
  type UserType,
} from '@fleet/contracts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { Scope } from '../../platform/auth/scope.js';
import { sessionExpired, userMessage } from '../../platform/http/errors.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { ProfilePatch, UserRow, UsersRepository } from './users.repository.js';

export type MeUpdate = UpdateMeBody;
export type PasswordChange = ChangePasswordBody;

export interface UsersServiceDeps {
  usersRepo: UsersRepository;
  sessions: Pick<SessionsService, 'revokeOtherSessions'>;
  clock: () => Date;
}

const toEpoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function toUserInfo(user: UserRow, roles: string[]): UserInfo {
  return {
    user_id: user.id,
    username: user.username,
    user_name: user.username,
    nick_name: user.nickName,
    status: user.status === 1 ? 1 : 0,
    user_type: user.userType as UserType,
    parent_id: user.parentId,
    is_subuser: user.isSubuser,
    bigscreen_title: user.bigscreenTitle,
    user_expire: toEpoch(user.userExpire),
    roles,
    phone: user.phone,
    email: user.email,
    company: user.company,
    address: user.address,
    login_time: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    login_ip: user.lastLoginIp,
    is_demo: user.isDemo,
    limits: {
      project_limit: user.projectLimit,
      device_limit: user.deviceLimit,
      scada_limit: user.scadaLimit,
      screen_limit: user.screenLimit,
      graph_limit: user.graphLimit,
      sms_count: user.smsCount,
      voice_count: user.voiceCount,
    },
    fees: {
      rent_fee: user.rentFee,
      sms_discount: user.smsDiscount,
      voice_discount: user.voiceDiscount,
      scada_discount: user.scadaDiscount,
    },
  };
}

export function createUsersService({ usersRepo, sessions, clock }: UsersServiceDeps) {
  async function info(scope: Scope): Promise<UserInfo> {
    const user = await usersRepo.findById(scope.userId);
    if (!user) throw sessionExpired();
    const [roleNames, left] = await Promise.all([
      usersRepo.roleNamesOf(user.id),
      usersRepo.remainingCounts(user.id),
    ]);
    const info = toUserInfo(user, roleNames);
    // The column is where the count started; what remains is the ledger's (docs/ledger.md).
    info.limits.sms_count = left?.sms ?? null;
    info.limits.voice_count = left?.voice ?? null;
    return info;
  }

  return {
    info,

    /** The caller's permission strings, in the order of ALL_PERMISSIONS. */
    authList(scope: Scope): string[] {
      return ALL_PERMISSIONS.filter((p) => scope.isAdmin || scope.permissions.has(p));
    },

    async updateMe(scope: Scope, update: MeUpdate): Promise<UserInfo> {
      const patch: ProfilePatch = {};
      if (update.nick_name !== undefined) patch.nickName = update.nick_name;
      if (update.phone !== undefined) patch.phone = update.phone;
      if (update.email !== undefined) patch.email = update.email;
      if (update.company !== undefined) patch.company = update.company;
      if (update.address !== undefined) patch.address = update.address;
      if (update.bigscreen_title !== undefined) patch.bigscreenTitle = update.bigscreen_title;
      await usersRepo.updateProfile(scope.userId, patch);
      return info(scope);
    },

    /** Changes the caller's password and signs out every other session of the caller. */
    async changePassword(scope: Scope, change: PasswordChange): Promise<null> {
      const user = await usersRepo.findById(scope.userId);
      if (!user) throw sessionExpired();
      if (!(await verifyPassword(user.passwordHash, change.old_password))) {
        throw userMessage('user.oldPasswordWrong');
      }
      await usersRepo.updatePasswordHash(user.id, await hashPassword(change.new_password));
      await sessions.revokeOtherSessions(user.id, scope.sessionId, clock());
      return null;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
