import type { FastifyRequest } from 'fastify';

export function requestMeta(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}
