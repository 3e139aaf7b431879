import { PAYMENT_PROVIDERS } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { ModuleDeps } from '../../platform/deps.js';
import type { PaymentProvider } from '../../platform/payments/provider.js';
import type { MerchantRow } from './merchants.repository.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { createRechargeRepository } from './recharge.repository.js';
import { createRefundService } from './refund.service.js';
import { createTopUpService } from './topup.service.js';

export interface NotifyRouteOptions extends ModuleDeps {
  providerFor?: (m: MerchantRow) => PaymentProvider;
}

/**
 * The providers' payment notifications (public: the signature is the authentication). The body is
 * kept as the exact text received, because both signatures cover those bytes; the answer (WeChat
 * 204 / 500 JSON, Alipay `success` / `fail`) is sent only after the ledger transaction committed.
 */
export const notifyRoutes: FastifyPluginAsyncZod<NotifyRouteOptions> = async (app, deps) => {
  const service = createTopUpService({
    orders: createRechargeRepository(deps.database.db),
    merchants: createMerchantsRepository(deps.database.db),
    box: secretBoxFor(deps.config),
    db: deps.database.db,
    clock: deps.clock,
    ...(deps.providerFor ? { providerFor: deps.providerFor } : {}),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/pay/notify/:provider',
    {
      config: { public: true },
      schema: {
        tags: ['recharge'],
        summary: 'Payment notification of WeChat Pay or Alipay (public, verified by signature)',
        params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
      },
    },
    async (request, reply) => {
      const {
        reply: answer,
        outcome,
        reason,
      } = await service.notify(request.params.provider, {
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
      });
      // Order numbers and reasons only: never the body, a header or a key.
      if (outcome === 'rejected')
        request.log.warn({ provider: request.params.provider, reason }, 'payment notification refused');
      else request.log.info({ provider: request.params.provider, outcome }, 'payment notification');
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );

  // WeChat Pay's refund outcomes (REFUND.SUCCESS / REFUND.ABNORMAL), verified and applied once.
  const refunds = createRefundService({
    orders: createRechargeRepository(deps.database.db),
    merchants: createMerchantsRepository(deps.database.db),
    box: secretBoxFor(deps.config),
    db: deps.database.db,
    clock: deps.clock,
    ...(deps.providerFor ? { providerFor: deps.providerFor } : {}),
  });
  app.post(
    '/pay/refund-notify/wechat',
    {
      config: { public: true },
      schema: {
        tags: ['recharge'],
        summary: 'Refund notification of WeChat Pay (public, verified by signature)',
      },
    },
    async (request, reply) => {
      const {
        reply: answer,
        outcome,
        reason,
      } = await refunds.notify({
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
      });
      if (outcome === 'rejected') request.log.warn({ reason }, 'refund notification refused');
      else request.log.info({ outcome }, 'refund notification');
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
};
