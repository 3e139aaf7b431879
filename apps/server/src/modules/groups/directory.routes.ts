import { listOf, type Permission } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { Scope } from '../../platform/auth/scope.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export interface DirectoryRoutesOptions<Body extends { name: string }, Api> {
  path: string;
  what: string;
  tag: string;
  permission: Permission;
  query: z.ZodType<{ page: number; limit: number; search?: string }>;
  body: z.ZodType<Body>;
  updateBody: z.ZodType<Partial<Body>>;
  row: z.ZodType<Api>;
  service: {
    list(
      scope: Scope,
      q: { page: number; limit: number; search?: string },
    ): Promise<{
      rows: Api[];
      total: number;
    }>;
    create(scope: Scope, body: Body): Promise<Api>;
    update(scope: Scope, id: number, body: Partial<Body>): Promise<Api>;
    remove(scope: Scope, id: number): Promise<null>;
  };
}

/** GET / POST `path`, PUT / DELETE `path/:id` of one directory (groups, projects, companies). */
export function registerDirectoryRoutes<Body extends { name: string }, Api>(
  parent: FastifyInstance,
  o: DirectoryRoutesOptions<Body, Api>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { permission: o.permission };
  const tags = [o.tag];
  app.get(
    o.path,
    {
      config,
      schema: {
        tags,
        summary: `${o.what}s in scope`,
        querystring: o.query,
        response: okResponse(listOf(o.row)),
      },
    },
    async (request) => ok(await o.service.list(scopeOf(request), request.query)),
  );
  app.post(
    o.path,
    { config, schema: { tags, summary: `Create a ${o.what}`, body: o.body, response: okResponse(o.row) } },
    async (request) => ok(await o.service.create(scopeOf(request), request.body as Body)),
  );
  app.put(
    `${o.path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Update a ${o.what}`,
        params: idParams,
        body: o.updateBody,
        response: okResponse(o.row),
      },
    },
    async (request) =>
      ok(await o.service.update(scopeOf(request), request.params.id, request.body as Partial<Body>)),
  );
  app.delete(
    `${o.path}/:id`,
    {
      config,
      schema: { tags, summary: `Delete a ${o.what}`, params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await o.service.remove(scopeOf(request), request.params.id)),
  );
}
