import { randomUUID } from 'node:crypto';
import { BizCode, type LoginBody, type LoginResult, type RefreshBody, UserStatus } from '@fleet/contracts';
import type { Config } from '../../config.js';
import { verifyPassword } from '../../platform/auth/password.js';
import { type Scope, scopeOf } from '../../platform/auth/scope.js';
import {
  formatRefreshToken,
  newRefreshSecret,
  parseRefreshToken,
  sha256,
  type TokenSigner,
} from '../../platform/auth/tokens.js';
import { AppError, sessionExpired, userMessage } from '../../platform/http/errors.js';
import type { UserAccounts, UserRow } from '../users/user-accounts.service.js';
import type { AuthRepository } from './auth.repository.js';

export interface LoginThrottle {
  /**
   * Failed attempts on one account from one address within the window before that address is locked
   * out of that account (the owner signing in from elsewhere is not affected).
   */
  accountMax: number;
  /** Failed attempts per address within the window before sign-in is refused. */
  ipMax: number;
  /** Failures older than this are forgotten. */
  windowSeconds: number;
  /** The first lock after accountMax failures (default 60 s); each further failure doubles it. */
  lockSeconds?: number;
  /** The longest lock (default windowSeconds). */
  maxLockSeconds?: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottle = {
  accountMax: 5,
  ipMax: 20,
  windowSeconds: 15 * 60,
  lockSeconds: 60,
  maxLockSeconds: 15 * 60,
};

/** Seconds an (account, address) stays locked after `failures` failures; 0 below the limit. */
export function lockSecondsAfter(throttle: LoginThrottle, failures: number): number {
  if (failures < throttle.accountMax) return 0;
  const base = throttle.lockSeconds ?? 60;
  const max = throttle.maxLockSeconds ?? throttle.windowSeconds;
  return Math.min(max, base * 2 ** Math.min(failures - throttle.accountMax, 30));
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  authRepo: AuthRepository;
  usersRepo: Pick<UserAccounts, 'findById' | 'findByUsername' | 'recordLogin'>;
  signer: TokenSigner;
  config: Pick<Config, 'TOKEN_TTL' | 'REFRESH_TTL' | 'DEMO'>;
  clock: () => Date;
  throttle: LoginThrottle;
  /** The user a phone sign-in code belongs to (null: wrong code or unbound number); issue 21. */
  phoneUser?: (phone: string, code: string) => Promise<number | null>;
}

export const DEMO_USERNAME = 'demo';

/** How long the token a rotation replaced is still honoured (a lost answer, a second tab). */
export const REFRESH_REUSE_GRACE_S = 60;

/**
 * The current hash to rotate from when `presented` is the token the last rotation replaced and that
 * rotation is recent; undefined when the presentation is a reuse to punish.
 */
function graceFor(
  session: { refreshHash: string; previousRefreshHash: string | null; rotatedAt: Date | null },
  presented: string,
  now: Date,
): string | undefined {
  if (!session.previousRefreshHash || !session.rotatedAt) return undefined;
  if (presented !== session.previousRefreshHash) return undefined;
  if (now.getTime() - session.rotatedAt.getTime() > REFRESH_REUSE_GRACE_S * 1000) return undefined;
  return session.refreshHash;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { authRepo, usersRepo, signer, config, clock, throttle } = deps;

  async function issue(userId: number, sessionId: string, secret: string, now: Date): Promise<LoginResult> {
    const token = await signer.sign({ userId, sessionId }, now, config.TOKEN_TTL);
    return { token, refresh_token: formatRefreshToken(sessionId, secret), expires_in: config.TOKEN_TTL };
  }

  /** A rotated session's tokens, unless its account was disabled or expired meanwhile. */
  async function issueFor(
    userId: number,
    sessionId: string,
    secret: string,
    now: Date,
  ): Promise<LoginResult> {
    const user = await usersRepo.findById(userId);
    if (!user || accountProblem(user, now)) {
      await authRepo.revokeSession(sessionId, now);
      throw sessionExpired();
    }
    return issue(user.id, sessionId, secret, now);
  }

  async function startSession(user: UserRow, meta: RequestMeta): Promise<LoginResult> {
    const now = clock();
    const id = randomUUID();
    const refresh = newRefreshSecret();
    await authRepo.createSession({
      id,
      userId: user.id,
      refreshHash: refresh.hash,
      expiresAt: new Date(now.getTime() + config.REFRESH_TTL * 1000),
      createdAt: now,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await usersRepo.recordLogin(user.id, now, meta.ip);
    return issue(user.id, id, refresh.secret, now);
  }

  /**
   * Refuses sign-in after too many recent failures on the account from this address (locked with a
   * backoff that doubles with each further failure), or from this address across accounts. The lock
   * is per (account, address): an attacker who knows a username cannot lock its owner out.
   */
  async function checkThrottle(username: string, meta: RequestMeta, now: Date): Promise<boolean> {
    const windowStart = new Date(now.getTime() - throttle.windowSeconds * 1000);
    const lastSuccess = await authRepo.lastSuccessAt(username, meta.ip);
    const since = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
    const failed = await authRepo.failures({ username, ip: meta.ip }, since);
    const lock = lockSecondsAfter(throttle, failed.count);
    if (lock > 0 && failed.last && now.getTime() < failed.last.getTime() + lock * 1000) return false;
    if (meta.ip && (await authRepo.countFailures({ ip: meta.ip }, windowStart)) >= throttle.ipMax)
      return false;
    return true;
  }

  function accountProblem(user: UserRow, now: Date): 'auth.accountDisabled' | 'auth.accountExpired' | null {
    if (user.status !== UserStatus.NORMAL) return 'auth.accountDisabled';
    if (user.userExpire && user.userExpire <= now) return 'auth.accountExpired';
    return null;
  }

  return {
    async login(body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
      const now = clock();
      const username = body.username;
      const log = (success: boolean, reason: string | null, userId: number | null = null) =>
        authRepo.logAttempt({
          username,
          userId,
          at: now,
          ip: meta.ip,
          userAgent: meta.userAgent,
          success,
          reason,
        });

      if (!(await checkThrottle(username, meta, now))) {
        await log(false, 'throttled');
        throw userMessage('auth.throttled', undefined, 429);
      }
      const user = await usersRepo.findByUsername(username);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid) {
        await log(false, user ? 'wrong_password' : 'unknown_user', user?.id ?? null);
        throw new AppError(BizCode.WRONG_CREDENTIALS, 'wrong username or password');
      }
      const problem = accountProblem(user, now);
      if (problem) {
        await log(false, problem === 'auth.accountDisabled' ? 'disabled' : 'expired', user.id);
        throw userMessage(problem);
      }
      await log(true, null, user.id);
      return startSession(user, meta);
    },

    /** Sign-in with a phone and the code sent to it (SPEC 2.1); a wrong code answers like an unbound number. */
    async phoneLogin(body: { phone: string; code: string }, meta: RequestMeta): Promise<LoginResult> {
      const now = clock();
      const username = `phone:${body.phone.replace(/[\s-]/g, '')}`;
      const log = (success: boolean, reason: string | null, userId: number | null = null) =>
        authRepo.logAttempt({
          username,
          userId,
          at: now,
          ip: meta.ip,
          userAgent: meta.userAgent,
          success,
          reason,
        });
      if (!(await checkThrottle(username, meta, now))) {
        await log(false, 'throttled');
        throw userMessage('auth.throttled', undefined, 429);
      }
      const userId = deps.phoneUser ? await deps.phoneUser(body.phone, body.code) : null;
      const user = userId === null ? undefined : await usersRepo.findById(userId);
      if (!user) {
        await log(false, 'wrong_code');
        throw userMessage('phone.codeWrong');
      }
      const problem = accountProblem(user, now);
      if (problem) {
        await log(false, problem === 'auth.accountDisabled' ? 'disabled' : 'expired', user.id);
        throw userMessage(problem);
      }
      await log(true, 'phone', user.id);
      return startSession(user, meta);
    },

    async demoLogin(meta: RequestMeta): Promise<LoginResult> {
      const user = config.DEMO ? await usersRepo.findByUsername(DEMO_USERNAME) : undefined;
      if (!user?.isDemo) throw userMessage('auth.demoDisabled');
      await authRepo.logAttempt({
        username: user.username,
        userId: user.id,
        at: clock(),
        ip: meta.ip,
        userAgent: meta.userAgent,
        success: true,
        reason: 'demo',
      });
      return startSession(user, meta);
    },

    /**
     * Rotates the refresh token. Presenting an already rotated one revokes the whole session, except
     * the token replaced by the last rotation within REFRESH_REUSE_GRACE_S: that is a reload that lost
     * the answer or a second tab, and it rotates once more from the current token.
     */
    async refresh(body: RefreshBody): Promise<LoginResult> {
      const now = clock();
      const parsed = parseRefreshToken(body.refresh_token);
      if (!parsed) throw sessionExpired();
      const presented = sha256(parsed.secret);
      const next = newRefreshSecret();
      const expiresAt = new Date(now.getTime() + config.REFRESH_TTL * 1000);
      // Two attempts: a concurrent refresh of the same session (two tabs) may rotate between the
      // read and the swap; read again and the presented token is then the one within grace.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const session = await authRepo.findSession(parsed.sessionId);
        if (!session || session.revokedAt || session.expiresAt <= now) throw sessionExpired();
        const replaced = presented === session.refreshHash ? presented : graceFor(session, presented, now);
        if (replaced === undefined) break;
        if (await authRepo.rotateRefresh(session.id, replaced, next.hash, expiresAt, now)) {
          return issueFor(session.userId, session.id, next.secret, now);
        }
      }
      await authRepo.revokeSession(parsed.sessionId, now);
      throw sessionExpired();
    },

    async logout(scope: Scope): Promise<null> {
      await authRepo.revokeSession(scope.sessionId, clock());
      return null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Token -> scope for the auth plugin: signature and expiry, then session + user in one query. */
export function createAuthenticator(deps: Pick<AuthServiceDeps, 'authRepo' | 'signer' | 'clock'>) {
  return async (token: string): Promise<Scope | null> => {
    const now = deps.clock();
    const claims = await deps.signer.verify(token, now);
    if (!claims) return null;
    const row = await deps.authRepo.findScopeRow(claims.sessionId, claims.userId, now);
    return row ? scopeOf(row) : null;
  };
}
