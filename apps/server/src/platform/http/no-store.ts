import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a secret (token, device credentials): `Cache-Control: no-store`. */
    noStore?: boolean;
  }
}

/** Answers of routes marked `noStore` are kept by no cache, proxy or browser history. */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.noStore) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });
}
