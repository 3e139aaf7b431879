import { createHash, timingSafeEqual } from 'node:crypto';
import { BizCode } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, sessionExpired } from '../../platform/http/errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: counter totals of this instance in Prometheus text format (README "Metrics").
 * A scraper sends `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the endpoint is off.
 * Not a user route: no X-Token, so it is public to the auth plugin and checks its own bearer token.
 */
export const metricsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/metrics',
    {
      config: { public: true, noStore: true },
      schema: {
        tags: ['system'],
        summary: 'Counter totals in Prometheus text format (Bearer METRICS_TOKEN)',
      },
    },
    async (request, reply) => {
      const expected = deps.config.METRICS_TOKEN;
      if (!expected) throw new AppError(BizCode.FAILED, 'metrics are off (set METRICS_TOKEN)', null, 404);
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!given || !timingSafeEqual(digest(given), digest(expected))) throw sessionExpired();
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(deps.runtime.metrics.render());
    },
  );
};
