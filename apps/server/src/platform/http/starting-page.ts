import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from './language.js';

/**
 * While start-up work (migrations, bootstrap) is still running, a browser opening the platform gets a
 * small page that says so and reloads itself every second, instead of a request that hangs until the
 * database is ready. API calls and devices keep waiting for `ready`: they retry badly, a page does not.
 */
const WORDS = {
  zh: { title: '平台正在启动', text: '数据库正在准备中,页面将自动刷新。' },
  en: {
    title: 'The platform is starting',
    text: 'The database is being prepared; this page reloads by itself.',
  },
  es: {
    title: 'La plataforma se está iniciando',
    text: 'Se está preparando la base de datos; esta página se recarga sola.',
  },
} as const;

type Language = keyof typeof WORDS;

export function startingPage(language: Language): string {
  const { title, text } = WORDS[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="1"><meta name="viewport" content="width=device-width"><title>${title}</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0;color:#333;background:#f5f5f5}main{text-align:center}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

function isPageNavigation(request: FastifyRequest, apiPrefix: string): boolean {
  if (request.method !== 'GET' || request.url.startsWith(apiPrefix) || request.url.startsWith('/wss'))
    return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Waits for `ready` on every request, except page navigations, which get the starting page meanwhile. */
export function registerStartupGate(app: FastifyInstance, ready: Promise<unknown>, apiPrefix: string): void {
  let settled = false;
  ready.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  app.addHook('onRequest', async (request, reply) => {
    if (settled) return;
    if (isPageNavigation(request, apiPrefix)) {
      return reply
        .code(503)
        .header('Retry-After', '1')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(startingPage(languageOf(request.headers['accept-language'])));
    }
    await ready;
  });
}
