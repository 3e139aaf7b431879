import { randomInt, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { fieldError, userMessage } from '../../platform/http/errors.js';
import { parsePhone } from '../../platform/notices/sms/phone.js';
import { settingsFromRow, smsProviderFrom, templateFor } from '../../platform/notices/sms/settings.js';
import { codeParams } from '../../platform/notices/sms/template-params.js';
import type { PhoneCodesRepository } from './phone-codes.repository.js';
import type { SmsSettingsRepository } from './sms-settings.repository.js';

export const CODE_TTL_MIN = 5;
export const CODE_MAX_TRIES = 5;
const MINUTE = 60_000;
/** Per phone: 1 a minute, 5 an hour, 10 a day; per client address and per tenant: see below. */
export const PHONE_LIMITS = [
  { windowMs: MINUTE, max: 1 },
  { windowMs: 60 * MINUTE, max: 5 },
  { windowMs: 24 * 60 * MINUTE, max: 10 },
] as const;
export const IP_LIMIT = { windowMs: 60 * MINUTE, max: 20 };
export const TENANT_LIMIT = { windowMs: 60 * MINUTE, max: 200 };

export type CodePurpose = 'login' | 'bind';

export interface PhoneCodesDeps {
  repo: PhoneCodesRepository;
  settings: SmsSettingsRepository;
  box: SecretBox;
  clock: () => Date;
  logger?: { warn(object: object, message: string): void };
}

/**
 * Verification codes by SMS for phone sign-in and binding (issue 21 item 4). A code is 6 digits,
 * stored only as an HMAC over purpose, phone and code, valid 5 minutes, one live code per phone and
 * purpose (a new one closes the old), 5 tries. Sending is limited per phone, per client address and
 * per tenant. For sign-in the answer is the same whether or not the number belongs to a user: the
 * row (and so the limits) is written either way and the SMS goes only to a bound number, sent after
 * the answer so its time does not tell either.
 */
export function createPhoneCodes(deps: PhoneCodesDeps) {
  const { repo, box, clock } = deps;
  const mac = (purpose: string, phone: string, code: string) =>
    box.mac('phone-code', `${purpose}:${phone}:${code}`);

  const e164 = (input: string) => {
    const phone = parsePhone(input);
    if (!phone) throw fieldError('body.phone', 'phone.invalid');
    return phone.e164;
  };

  async function limited(phone: string, ip: string, tenantId: number | null, now: Date): Promise<boolean> {
    const since = (ms: number) => new Date(now.getTime() - ms);
    for (const l of PHONE_LIMITS)
      if ((await repo.countSince({ phone }, since(l.windowMs))) >= l.max) return true;
    if (ip && (await repo.countSince({ ip }, since(IP_LIMIT.windowMs))) >= IP_LIMIT.max) return true;
    if (
      tenantId !== null &&
      (await repo.countSince({ tenantId }, since(TENANT_LIMIT.windowMs))) >= TENANT_LIMIT.max
    )
      return true;
    return false;
  }

  async function deliver(phone: string, code: string): Promise<void> {
    const row = await deps.settings.get('sms');
    if (!row) throw new Error('no SMS provider is set');
    const settings = settingsFromRow(row);
    const result = await smsProviderFrom(settings, box).send({
      phone,
      templateCode: templateFor(settings, 'code'),
      signName: settings.signName ?? '',
      params: codeParams(code, CODE_TTL_MIN),
    });
    if (!result.accepted) throw new Error(`${result.code}: ${result.message}`);
  }

  return {
    /** Sends a code; `userId` is the signed-in user for 'bind'. Answers the same text either way. */
    async send(input: { phone: string; purpose: CodePurpose; ip: string; userId?: number }): Promise<string> {
      const phone = e164(input.phone);
      const now = clock();
      const owner = input.purpose === 'login' ? await repo.boundUser(phone) : null;
      const tenantId = input.userId ? await repo.tenantOf(input.userId) : (owner?.tenantId ?? null);
      if (await limited(phone, input.ip, tenantId, now)) throw userMessage('phone.tooSoon', undefined, 429);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.replace(
        {
          phone,
          purpose: input.purpose,
          userId: input.userId ?? null,
          tenantId,
          clientIp: input.ip,
          codeHmac: mac(input.purpose, phone, code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MIN * MINUTE),
          createdAt: now,
        },
        now,
      );
      if (input.purpose === 'bind' || owner) {
        // After the answer: the provider's time must not tell a bound number from a free one.
        setImmediate(() => {
          deliver(phone, code).catch((error: unknown) =>
            deps.logger?.warn(
              { err: error instanceof Error ? error.message : String(error) },
              'verification code not sent',
            ),
          );
        });
      }
      return 'ok';
    },

    /** True when `code` is the live code (which is then used up); every call counts one try. */
    async verify(input: {
      phone: string;
      purpose: CodePurpose;
      code: string;
      userId?: number;
    }): Promise<boolean> {
      return (await this.check(input)) === 'ok';
    },

    /**
     * `verify` with the reason: 'used-up' when this wrong try was the last one (the code is closed and
     * a new one must be asked for), 'wrong' for a wrong, expired or absent code. Sign-in answers both
     * alike; binding (a signed-in user, nothing to enumerate) tells the user to ask for a new code.
     */
    async check(input: {
      phone: string;
      purpose: CodePurpose;
      code: string;
      userId?: number;
    }): Promise<'ok' | 'wrong' | 'used-up'> {
      const phone = parsePhone(input.phone)?.e164;
      if (!phone || !/^\d{6}$/.test(input.code)) return 'wrong';
      const now = clock();
      const row = await repo.tryLive(phone, input.purpose, input.userId ?? null, now, CODE_MAX_TRIES);
      if (!row) return 'wrong';
      const expected = Buffer.from(row.codeHmac, 'hex');
      const given = Buffer.from(mac(input.purpose, phone, input.code), 'hex');
      const ok = expected.length === given.length && timingSafeEqual(expected, given);
      if (ok || row.tries >= CODE_MAX_TRIES) await repo.close(row.id, now);
      return ok ? 'ok' : row.tries >= CODE_MAX_TRIES ? 'used-up' : 'wrong';
    },

    /** The user a verified sign-in code belongs to, or null (wrong code or unbound number). */
    async signInUser(phone: string, code: string): Promise<number | null> {
      if (!(await this.verify({ phone, purpose: 'login', code }))) return null;
      return (await repo.boundUser(e164(phone)))?.userId ?? null;
    },

    async bind(userId: number, phoneInput: string, code: string): Promise<{ phone: string }> {
      const phone = e164(phoneInput);
      const verdict = await this.check({ phone, purpose: 'bind', code, userId });
      if (verdict === 'used-up') throw userMessage('phone.tooManyTries');
      if (verdict !== 'ok') throw userMessage('phone.codeWrong');
      if (!(await repo.bind(userId, phone, clock()))) throw userMessage('phone.taken');
      return { phone };
    },

    async bound(userId: number): Promise<{ phone: string | null }> {
      return { phone: await repo.bindingOf(userId) };
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
