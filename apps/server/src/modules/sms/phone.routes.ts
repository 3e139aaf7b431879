import { phoneBinding, phoneCodeBody, phoneCodeCheck } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { requestMeta } from '../../platform/http/request-meta.js';
import { createPhoneCodesRepository } from './phone-codes.repository.js';
import { createPhoneCodes, type PhoneCodes } from './phone-codes.service.js';
import { createSmsSettingsRepository } from './sms-settings.repository.js';

const tags = ['login'];

/** The phone code service over a database (phone sign-in in the auth routes uses it too). */
export function phoneCodesFor(deps: ModuleDeps, logger?: { warn(o: object, m: string): void }): PhoneCodes {
  return createPhoneCodes({
    repo: createPhoneCodesRepository(deps.database.db),
    settings: createSmsSettingsRepository(deps.database.db),
    box: secretBoxFor(deps.config),
    clock: deps.clock,
    ...(logger ? { logger } : {}),
  });
}

/** Verification codes for phone sign-in and binding (docs/notices.md "Phone sign-in"). */
export const phoneRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const codes = phoneCodesFor(deps, app.log);

  app.post(
    '/login/phone/code',
    {
      config: { public: true, noStore: true },
      schema: {
        tags,
        summary: 'Send a sign-in code to a phone (same answer whether or not it belongs to a user)',
        body: phoneCodeBody,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await codes.send({ phone: request.body.phone, purpose: 'login', ip: requestMeta(request).ip ?? '' });
      return ok(null);
    },
  );
  app.get(
    '/user/me/phone',
    {
      config: { demoAllowed: true },
      schema: {
        tags: ['user'],
        summary: 'The verified phone of the account',
        response: okResponse(phoneBinding),
      },
    },
    async (request) => ok(await codes.bound(scopeOf(request).userId)),
  );
  app.post(
    '/user/me/phone/code',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a code to bind or change the account’s phone',
        body: phoneCodeBody,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await codes.send({
        phone: request.body.phone,
        purpose: 'bind',
        ip: requestMeta(request).ip ?? '',
        userId: scopeOf(request).userId,
      });
      return ok(null);
    },
  );
  app.put(
    '/user/me/phone',
    {
      schema: {
        tags: ['user'],
        summary: 'Bind or change the account’s phone with the code sent to it',
        body: phoneCodeCheck,
        response: okResponse(phoneBinding),
      },
    },
    async (request) => ok(await codes.bind(scopeOf(request).userId, request.body.phone, request.body.code)),
  );
};
