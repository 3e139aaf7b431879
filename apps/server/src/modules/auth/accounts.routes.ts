import { listOf, loginLogQuery, loginLogRow, registerBody, registerResult } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { requestMeta } from '../../platform/http/request-meta.js';
import { domainOwnerLookup } from '../customize/domain-owner.js';
import { MODULES_OPTION } from '../system/options.defaults.js';
import { createPlatformOptions } from '../system/platform-options.service.js';
import { mergeModules } from '../system/system.service.js';
import { createUserAccounts } from '../users/user-accounts.service.js';
import { createAuthRepository } from './auth.repository.js';
import { createLoginLogRepository } from './login-log.repository.js';
import { createLoginLogService } from './login-log.service.js';
import { createRegistrationService } from './registration.service.js';

/** Login log and public self-registration (docs/api-accounts.md). */
export const accountsAuthRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const logRepo = createLoginLogRepository(db);
  const log = createLoginLogService({ repo: logRepo });
  const options = createPlatformOptions(db);
  const registration = createRegistrationService({
    usersRepo: createUserAccounts(db),
    authRepo: createAuthRepository(db),
    logRepo,
    modules: async () => mergeModules(await options.getOption(MODULES_OPTION)),
    domainOwner: domainOwnerLookup(db),
    clock: deps.clock,
    throttle: deps.loginThrottle,
  });

  app.get(
    '/auth/user/login-log',
    {
      config: { permission: 'auth.UserLog' },
      schema: {
        tags: ['user'],
        summary: 'Sign-in attempts',
        querystring: loginLogQuery,
        response: okResponse(listOf(loginLogRow)),
      },
    },
    async (request) => ok(await log.list(scopeOf(request), request.query)),
  );

  app.post(
    '/login/register',
    {
      config: { public: true },
      schema: {
        tags: ['login'],
        summary: 'Self-registration (module userRegistration)',
        body: registerBody,
        response: okResponse(registerResult),
      },
    },
    async (request) => ok(await registration.register(request.body, request.host, requestMeta(request))),
  );
};
