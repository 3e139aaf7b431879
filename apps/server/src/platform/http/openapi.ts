import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serverVersion } from '../version.js';

/** Collects the route schemas into an OpenAPI document (served by `openApiRoute`). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Fleet platform API', version: serverVersion() },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } },
      },
      security: [{ token: [] }],
    },
    // Public routes (config.public) need no X-Token: mark them with an empty security list.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!input.route.config?.public) return out;
      return { ...out, schema: { ...out.schema, security: [] } };
    },
  });
}

/** GET /openapi.json inside the /api/v1 prefix; the document itself, not enveloped. */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
