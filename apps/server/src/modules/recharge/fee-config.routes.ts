import { feeBasePrices, feeChildInput, feeConfigView } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createFeeConfigService } from './fee-config.service.js';

const tags = ['recharge'];
/** Whoever may edit the accounts below it may edit their fees (the user admin drawer does too). */
const editFees = { permission: 'auth.User/edit' } as const;

/** Fee configuration (issue 20 item 5, module switch feeConfig): docs/recharge.md. */
export const feeConfigRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createFeeConfigService({ db: deps.database.db });

  app.get(
    '/fee/config',
    {
      config: editFees,
      schema: {
        tags,
        summary: 'Base prices, my own cost and the fees of the accounts directly below me',
        response: okResponse(feeConfigView),
      },
    },
    async (request) => ok(await service.view(scopeOf(request))),
  );
  app.put(
    '/fee/base',
    {
      config: editFees,
      schema: {
        tags,
        summary: 'Set the base prices (platform administrator)',
        body: feeBasePrices,
        response: okResponse(feeConfigView),
      },
    },
    async (request) => ok(await service.setBase(scopeOf(request), request.body)),
  );
  app.put(
    '/fee/config/:id',
    {
      config: editFees,
      schema: {
        tags,
        summary: 'Set the fees of an account below me (never below my own cost)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: feeChildInput,
        response: okResponse(feeConfigView),
      },
    },
    async (request) => ok(await service.setChild(scopeOf(request), request.params.id, request.body)),
  );
};
