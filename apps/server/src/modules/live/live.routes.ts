import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import type { ModuleDeps } from '../../platform/deps.js';
import { buildAuthenticator } from '../auth/authenticator.js';
import { dataLockOf } from '../devices/data-lock.js';
import { handleLiveConnection, type LiveIdentity } from './live.connection.js';
import { startLiveFeed } from './live.feed.js';
import { createLiveHub, type LiveHub, type LiveHubOptions } from './live.hub.js';
import { createLiveSources } from './live.sources.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel of this instance (publishAlarm for the alarm engine, counters). */
    liveHub: LiveHub;
  }
}

export interface LiveOptions extends ModuleDeps {
  hub?: Partial<LiveHubOptions>;
  authTimeoutMs?: number;
  maxMalformed?: number;
}

/** Messages are short text frames; anything bigger is not ours. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** `GET /wss`: the live channel (DESIGN 9, docs/api-live.md). Registered at the root, not under /api/v1. */
export const liveRoutes = fp<LiveOptions>(
  async (app: FastifyInstance, deps) => {
    const { runtime, clock } = deps;
    const log = app.log;
    const onError = (error: unknown, context = 'live channel') =>
      log.warn({ err: error, context }, 'live channel');
    const hub = createLiveHub(
      { bus: runtime.bus, repo: createLiveSources(deps.database.db, dataLockOf(deps)), clock, onError },
      deps.hub,
    );
    const feed = startLiveFeed(runtime.pipeline, runtime.directory, runtime.bus, (error) =>
      onError(error, 'live feed'),
    );
    app.decorate('liveHub', hub);
    app.addHook('onClose', async () => {
      feed.stop();
      hub.close();
    });

    // The same check as every HTTP request (session live, user enabled), plus the token's expiry.
    const checkToken = buildAuthenticator(deps.database.db, deps.signer, clock);
    const authenticate = async (token: string): Promise<LiveIdentity | null> => {
      const scope = await checkToken(token);
      if (!scope) return null;
      const { exp } = decodeJwt(token);
      return { scope, expiresAt: typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY };
    };

    await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });
    app.get(
      '/wss',
      // The token may travel in the query string: keep request lines of this route out of info logs.
      { websocket: true, logLevel: 'warn', schema: { hide: true } },
      (socket, request) => {
        const query = request.query as Record<string, unknown>;
        const token = typeof query.token === 'string' && query.token !== '' ? query.token : undefined;
        const connection = handleLiveConnection(socket, token, {
          hub,
          clock,
          authenticate,
          onError,
          authTimeoutMs: deps.authTimeoutMs ?? 5000,
          maxMalformed: deps.maxMalformed ?? 20,
        });
        socket.on('message', (data, isBinary) => connection.onMessage(isBinary ? null : data.toString()));
        socket.on('close', () => connection.onClose());
        socket.on('error', (error) => onError(error, 'live socket'));
      },
    );
  },
  { name: 'live' },
);
