import {
  type ModuleSwitches,
  type Permission,
  type RegisterBody,
  type RegisterResult,
  UserType,
} from '@fleet/contracts';
import { hashPassword } from '../../platform/auth/password.js';
import { noPermission, userMessage } from '../../platform/http/errors.js';
import type { UserAccounts } from '../users/user-accounts.service.js';
import type { AuthRepository } from './auth.repository.js';
import type { LoginThrottle, RequestMeta } from './auth.service.js';
import type { LoginLogRepository } from './login-log.repository.js';

/** System role of self-registered users: view permissions only. */
export const REGISTERED_ROLE = 'registered';
export const REGISTERED_PERMISSIONS: Permission[] = [
  'PlatformOverView',
  'MonitorScreen',
  'Monitor.DeviceMonitor',
  'Event',
  'Event/log',
  'Event/online',
  'DataReportV2',
  'DeviceManage',
  'Device/view',
];

export interface RegistrationDeps {
  usersRepo: Pick<
    UserAccounts,
    'findById' | 'findFirstOfType' | 'create' | 'upsertSystemRole' | 'assignRole'
  >;
  authRepo: Pick<AuthRepository, 'logAttempt'>;
  logRepo: Pick<LoginLogRepository, 'countRegistrations'>;
  /** The merged module switches (GET /system/config). */
  modules: () => Promise<ModuleSwitches>;
  /** owner_user_id of the customization of a host, if any. */
  domainOwner: (host: string) => Promise<number | null>;
  clock: () => Date;
  throttle: LoginThrottle;
}

export function createRegistrationService(deps: RegistrationDeps) {
  const { usersRepo, authRepo, logRepo, clock, throttle } = deps;

  /** The customization's owner (its parent when that is a sub-account), else the platform admin. */
  async function ownerFor(host: string) {
    const ownerId = await deps.domainOwner(host);
    let owner = ownerId ? await usersRepo.findById(ownerId) : undefined;
    if (owner?.isSubuser && owner.parentId) owner = await usersRepo.findById(owner.parentId);
    if (!owner || owner.userType >= UserType.REGISTERED || owner.status !== 1) {
      owner = await usersRepo.findFirstOfType(UserType.PLATFORM);
    }
    return owner;
  }

  return {
    /** POST /login/register: a user_type 5 account under the domain's owner (module userRegistration). */
    async register(body: RegisterBody, host: string, meta: RequestMeta): Promise<RegisterResult> {
      if (!(await deps.modules()).userRegistration) throw noPermission();
      const now = clock();
      const log = (success: boolean, reason: string, userId: number | null = null) =>
        authRepo.logAttempt({
          username: body.username,
          userId,
          at: now,
          ip: meta.ip,
          userAgent: meta.userAgent,
          success,
          reason,
        });
      if (meta.ip) {
        const since = new Date(now.getTime() - throttle.windowSeconds * 1000);
        if ((await logRepo.countRegistrations(meta.ip, since)) >= throttle.accountMax) {
          await log(false, 'register_throttled');
          throw userMessage('registration.tooMany', undefined, 429);
        }
      }
      const owner = await ownerFor(host);
      if (!owner) throw userMessage('registration.unavailable');
      const created = await usersRepo.create({
        username: body.username,
        passwordHash: await hashPassword(body.password),
        userType: UserType.REGISTERED,
        parentId: owner.id,
        phone: body.phone || null,
        // A registered user gets no more than its owner has.
        projectLimit: owner.projectLimit,
        deviceLimit: owner.deviceLimit,
        scadaLimit: owner.scadaLimit,
        screenLimit: owner.screenLimit,
        graphLimit: owner.graphLimit,
        smsCount: owner.smsCount === null ? null : 0,
        voiceCount: owner.voiceCount === null ? null : 0,
      });
      if (!created) {
        await log(false, 'register_failed');
        throw userMessage('user.usernameExists');
      }
      const roleId = await usersRepo.upsertSystemRole(REGISTERED_ROLE, REGISTERED_PERMISSIONS, false);
      await usersRepo.assignRole(created.id, roleId);
      await log(true, 'registered', created.id);
      return { user_id: created.id, username: created.username };
    },
  };
}
