import { merchantSettingsInput, merchantSettingsRow, PAYMENT_PROVIDERS } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { createMerchantsService } from './merchants.service.js';

const tags = ['recharge'];

/** Payment merchant settings (platform management: user type 0 with Others; the service checks). */
export const merchantsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createMerchantsService({
    repo: createMerchantsRepository(deps.database.db),
    box: secretBoxFor(deps.config),
    clock: deps.clock,
  });
  app.get(
    '/platform/payment-merchants',
    {
      schema: {
        tags,
        summary: 'Payment merchant settings (keys never answered)',
        response: okResponse(z.array(merchantSettingsRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request))),
  );
  app.put(
    '/platform/payment-merchants/:provider',
    {
      schema: {
        tags,
        summary: 'Save a provider’s merchant settings (absent keys keep the stored ones)',
        params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
        body: merchantSettingsInput,
        response: okResponse(merchantSettingsRow),
      },
    },
    async (request) => ok(await service.save(scopeOf(request), request.params.provider, request.body)),
  );
};
