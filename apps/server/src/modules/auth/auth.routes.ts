import { loginBody, loginResult, phoneCodeCheck, refreshBody } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { requestMeta } from '../../platform/http/request-meta.js';
import { phoneCodesFor } from '../sms/phone.routes.js';
import { createUserAccounts } from '../users/user-accounts.service.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService } from './auth.service.js';

const tags = ['login'];

export const authRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const phoneCodes = phoneCodesFor(deps, app.log);
  const service = createAuthService({
    authRepo: createAuthRepository(deps.database.db),
    usersRepo: createUserAccounts(deps.database.db),
    signer: deps.signer,
    config: deps.config,
    clock: deps.clock,
    throttle: deps.loginThrottle,
    phoneUser: (phone, code) => phoneCodes.signInUser(phone, code),
  });

  app.post(
    '/login/login',
    {
      config: { public: true, noStore: true },
      schema: { tags, summary: 'Sign in', body: loginBody, response: okResponse(loginResult) },
    },
    async (request) => ok(await service.login(request.body, requestMeta(request))),
  );

  app.post(
    '/login/phone',
    {
      config: { public: true, noStore: true },
      schema: {
        tags,
        summary: 'Sign in with a phone and the code sent to it',
        body: phoneCodeCheck,
        response: okResponse(loginResult),
      },
    },
    async (request) => ok(await service.phoneLogin(request.body, requestMeta(request))),
  );

  app.post(
    '/login/refreshtoken',
    {
      config: { public: true, noStore: true },
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: refreshBody,
        response: okResponse(loginResult),
      },
    },
    async (request) => ok(await service.refresh(request.body)),
  );

  app.post(
    '/login/logout',
    {
      config: { demoAllowed: true },
      schema: { tags, summary: 'Sign out (revokes the session)', response: okResponse(nullData) },
    },
    async (request) => ok(await service.logout(scopeOf(request))),
  );

  app.post(
    '/login/demo',
    {
      config: { public: true, noStore: true },
      schema: { tags, summary: 'Sign in to the read-only demo account', response: okResponse(loginResult) },
    },
    async (request) => ok(await service.demoLogin(requestMeta(request))),
  );
};
