import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where an empty body counts as no body (clients often send `Content-Type: application/json`
 * on a bodiless POST such as logout). Objects carrying `__proto__` / `constructor.prototype` are refused.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      const value = JSON.parse(text, (key, v) => {
        if (key === '__proto__') throw new SyntaxError('forbidden key __proto__');
        return v;
      });
      done(null, value);
    } catch (error) {
      const err = error as Error & { statusCode?: number };
      err.statusCode = 400;
      err.message = `invalid JSON (${err.message})`;
      done(err, undefined);
    }
  });
}
