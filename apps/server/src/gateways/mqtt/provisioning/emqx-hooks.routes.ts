import { isValidImei, mayPublish, maySubscribe } from '@fleet/protocols';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../../platform/deps.js';
import type { OfflineReason } from '../../types.js';
import { isExpired, secretMatches, verifyDeviceSecret } from '../credentials.js';

/** Header carrying EMQX_HOOK_SECRET on every hook request (set in EMQX's authenticator, authorizer and action). */
export const HOOK_SECRET_HEADER = 'x-hook-secret';

const authnBody = z.looseObject({
  clientid: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  password: z.string().max(1024).optional(),
  peerhost: z.string().max(256).optional(),
});
const authzBody = z.looseObject({
  clientid: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  topic: z.string().max(1024),
  action: z.enum(['publish', 'subscribe', 'all']),
});
const eventBody = z.looseObject({
  event: z.string().max(64),
  clientid: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  peername: z.string().max(256).optional(),
  reason: z.string().max(128).optional(),
});
const verdict = z.object({
  result: z.enum(['allow', 'deny', 'ignore']),
  is_superuser: z.boolean().optional(),
});

/** EMQX's disconnect reasons as the online/offline log names them; null: a newer connection took over. */
function offlineReason(reason: string | undefined): OfflineReason | null {
  if (reason === 'takenover' || reason === 'discarded') return null;
  if (reason === 'keepalive_timeout') return 'heartbeat';
  if (reason === 'kicked') return 'kicked';
  return 'closed';
}

/**
 * EMQX 5 asks the platform (docs/protocols.md "EMQX"): its HTTP authenticator and authorizer post
 * here at each login, publish and subscribe, and a rule engine HTTP action posts the client
 * connected / disconnected events, so presence is immediate. Usernames that are no IMEI are not
 * ours to judge ('ignore': EMQX asks its next source, e.g. for the platform's own user).
 */
export const emqxHookRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { runtime } = deps;
  const secret = deps.config.EMQX_HOOK_SECRET ?? '';
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers[HOOK_SECRET_HEADER];
    if (!secretMatches(typeof given === 'string' ? given : undefined, secret))
      return reply.code(401).send({ result: 'deny' });
  };
  const hook = { config: { public: true }, preHandler: guard };
  const tags = ['broker'];

  app.post(
    '/broker/emqx/authn',
    {
      ...hook,
      schema: {
        tags,
        summary: 'EMQX HTTP authentication of a device login',
        body: authnBody,
        response: { 200: verdict },
      },
    },
    async ({ body }) => {
      if (!body.username || !isValidImei(body.username)) return { result: 'ignore' as const };
      const device = await runtime.directory.byImei(body.username);
      const matches = verifyDeviceSecret(device, body.password ?? '');
      if (!device || !matches || body.clientid !== body.username || isExpired(device, deps.clock()))
        return { result: 'deny' as const };
      return { result: 'allow' as const, is_superuser: false };
    },
  );

  app.post(
    '/broker/emqx/authz',
    {
      ...hook,
      schema: {
        tags,
        summary: 'EMQX HTTP authorization of a publish or subscribe',
        body: authzBody,
        response: { 200: verdict },
      },
    },
    async ({ body }) => {
      if (!body.username || !isValidImei(body.username)) return { result: 'ignore' as const };
      const device = await runtime.directory.byImei(body.username);
      if (!device || body.clientid !== body.username) return { result: 'deny' as const };
      const publish = mayPublish(device.imei, body.topic);
      const subscribe = maySubscribe(device.imei, body.topic);
      const allowed =
        body.action === 'publish' ? publish : body.action === 'subscribe' ? subscribe : publish && subscribe;
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );

  app.post(
    '/broker/emqx/events',
    { ...hook, schema: { tags, summary: 'EMQX client connected / disconnected events', body: eventBody } },
    async ({ body }, reply) => {
      const imei = body.username ?? body.clientid ?? '';
      const device = isValidImei(imei) ? await runtime.directory.byImei(imei) : null;
      if (device && body.clientid === imei) {
        const address = body.peername?.replace(/:\d+$/, '') ?? '';
        if (body.event === 'client.connected') await runtime.presence.connected(device.id, 'mqtt', address);
        if (body.event === 'client.disconnected') {
          const reason = offlineReason(body.reason);
          if (reason) await runtime.presence.disconnected(device.id, 'mqtt', reason);
        }
      }
      return reply.code(204).send();
    },
  );
};
