import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../../platform/deps.js';
import { secretMatches } from '../credentials.js';
import { createEmqxHooksService } from './emqx-hooks.service.js';

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

/**
 * EMQX 5 asks the platform (docs/protocols.md "EMQX"): its HTTP authenticator and authorizer post
 * here at each login, publish and subscribe, and a rule engine HTTP action posts the client
 * connected / disconnected events, so presence is immediate. Usernames that are no IMEI are not
 * ours to judge ('ignore': EMQX asks its next source, e.g. for the platform's own user).
 */
export const emqxHookRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const hooks = createEmqxHooksService({ runtime: deps.runtime, clock: deps.clock });
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
    async ({ body }) => hooks.authenticate(body),
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
    async ({ body }) => hooks.authorize(body),
  );

  app.post(
    '/broker/emqx/events',
    { ...hook, schema: { tags, summary: 'EMQX client connected / disconnected events', body: eventBody } },
    async ({ body }, reply) => {
      await hooks.clientEvent(body);
      return reply.code(204).send();
    },
  );
};
