import { LANGUAGES, type Language } from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The first of zh, en, es named in an Accept-Language header (zh when none: SPEC 1's default
 * language). The web app sends its chosen language in this header on every API call.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return 'zh';
}

/** The language of the person behind a request: what the platform creates for them is named in it. */
export function requestLanguage(request: FastifyRequest): Language {
  return languageOf(request.headers['accept-language']);
}
