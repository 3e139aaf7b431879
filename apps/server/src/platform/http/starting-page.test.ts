import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { languageOf } from './language.js';
import { registerStartupGate } from './starting-page.js';

function gatedApp() {
  let open: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    open = resolve;
  });
  const app = Fastify();
  registerStartupGate(app, ready, '/api/v1');
  app.get('/api/v1/ping', async () => ({ code: 0 }));
  app.get('/*', async (_request, reply) => reply.type('text/html').send('<html>app</html>'));
  return { app, open };
}

describe('start-up gate', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('answers a page navigation at once with a self-reloading starting page in the browser language', async () => {
    const { app, open } = gatedApp();
    close = () => app.close();
    const page = await app.inject({
      method: 'GET',
      url: '/dashboard/index',
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('1');
    expect(page.body).toContain('http-equiv="refresh"');
    expect(page.body).toContain('La plataforma se está iniciando');
    open();
    const after = await app.inject({
      method: 'GET',
      url: '/dashboard/index',
      headers: { accept: 'text/html' },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('<html>app</html>');
  });

  it('holds API calls until start-up is done instead of failing them', async () => {
    const { app, open } = gatedApp();
    close = () => app.close();
    let answered = false;
    const call = app
      .inject({ method: 'GET', url: '/api/v1/ping', headers: { accept: 'text/html' } })
      .then((r) => {
        answered = true;
        return r;
      });
    // Give the request every chance to be answered early: it must not be.
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    open();
    const response = await call;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0 });
  });

  it('picks zh, en or es from Accept-Language, zh by default', () => {
    expect(languageOf('en-US,en;q=0.8')).toBe('en');
    expect(languageOf('fr-FR, es;q=0.5')).toBe('es');
    expect(languageOf('de')).toBe('zh');
    expect(languageOf(undefined)).toBe('zh');
  });
});
