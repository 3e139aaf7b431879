import { BizCode, httpStatusOf } from '@fleet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query' };

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** `body.username: Too small ...`: the first problem, naming the field. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const where = CONTEXT_NAMES[context ?? ''] ?? context ?? 'request';
  const issue = issues[0];
  if (!issue) return `${where}: invalid`;
  let path = (issue.instancePath ?? '').split('/').filter(Boolean);
  let message = issue.message ?? 'invalid';
  const keys = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
    path = [...path, String(keys[0])];
    message = 'unknown field';
  }
  return `${[where, ...path].join('.')}: ${message}`;
}

function send(
  reply: FastifyReply,
  status: number,
  code: number,
  msg: string,
  data: unknown = null,
  translatable?: Pick<AppError, 'messageKey' | 'messageParams'>,
) {
  const body: Record<string, unknown> = { code, msg, data };
  if (translatable?.messageKey) {
    body.msg_key = translatable.messageKey;
    body.msg_params = translatable.messageParams ?? {};
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError)
      return send(reply, error.status, error.code, error.message, error.data, error);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const msg = describeValidation(error.validationContext, error.validation ?? []);
      return send(reply, 400, BizCode.PARAM_ERROR, msg);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const msg = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'body: required' : `body: ${error.message}`;
      return send(reply, status, BizCode.PARAM_ERROR, msg);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, httpStatusOf(BizCode.FAILED), BizCode.FAILED, 'operation failed');
  });
}

/** Unknown `/api/*` answers the 404 envelope; `fallback` handles everything else (the web app). */
export function registerNotFound(
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return send(reply, 404, BizCode.FAILED, `not found: ${request.method} ${path}`);
    }
    return fallback(request, reply);
  });
}
