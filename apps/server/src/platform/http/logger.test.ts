import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('logger redaction', () => {
  it('never writes tokens, cookies or passwords', () => {
    const { lines, logger } = capture();
    logger.info({
      req: { headers: { 'x-token': 'tok-secret', authorization: 'Bearer abc', cookie: 'c=1', host: 'h' } },
      body: { username: 'admin', password: 'pw-secret', old_password: 'o1', new_password: 'n1' },
    });
    logger.info({ request: { body: { password: 'nested-secret', refresh_token: 'rt-secret' } } });
    const out = lines.join('');
    for (const secret of [
      'tok-secret',
      'Bearer abc',
      'c=1',
      'pw-secret',
      'o1',
      'n1',
      'nested-secret',
      'rt-secret',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('admin');
  });
});
