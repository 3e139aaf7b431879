import type { Permission } from '@fleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { noPermission, sessionExpired } from '../http/errors.js';
import { hasPermission, type Scope } from './scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /**
     * Permission string (SPEC 2.3) the caller needs, or a list of which any one suffices;
     * without it any signed-in caller may call.
     */
    permission?: Permission | readonly Permission[];
    /** The read-only demo account may call this non-GET route (logout). */
    demoAllowed?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every non-public route. */
    scope: Scope | null;
  }
}

export interface AuthPluginOptions {
  /** Only routes under this prefix are guarded; the web app's static files are public. */
  apiPrefix: string;
  /** Resolves a token to the caller's scope (session and user checked), or null. */
  authenticate(token: string): Promise<Scope | null>;
}

/** The one place where requests are authorized (DESIGN 6). */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('scope', null);
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      const url = request.routeOptions.url;
      if (!url?.startsWith(opts.apiPrefix) || config?.public) return;
      const header = request.headers['x-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) throw sessionExpired();
      const scope = await opts.authenticate(token);
      if (!scope) throw sessionExpired();
      request.scope = scope;
      if (scope.isDemo && !isReadOnly(request) && !config?.demoAllowed) throw noPermission();
      if (config?.permission && !holdsAny(scope, config.permission)) throw noPermission();
    });
  },
  { name: 'auth' },
);

function holdsAny(scope: Scope, needed: Permission | readonly Permission[]): boolean {
  const list: readonly Permission[] = typeof needed === 'string' ? [needed] : needed;
  return list.some((permission) => hasPermission(scope, permission));
}

function isReadOnly(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
}

/** The scope of a route that is not public (the plugin guarantees it). */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw sessionExpired();
  return request.scope;
}
