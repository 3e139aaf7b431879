import { formatServerMessage } from '@fleet/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandlers } from './error-handler.js';
import { fieldError, userMessage } from './errors.js';

describe('translatable error answers', () => {
  const app = Fastify();
  registerErrorHandlers(app);
  app.get('/limit', async () => {
    throw userMessage('device.limitReached', { limit: 5, used: 5, owner: 'agent7' });
  });
  app.get('/range', async () => {
    throw fieldError('query.endtime', 'range.tooLongDays', { days: 31 });
  });

  it('carries the message key and parameters beside the English text of a 20000 answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/limit' });
    expect(res.json()).toEqual({
      code: 20000,
      msg: 'device limit reached: account agent7 and the accounts below it may have 5 devices, they have 5',
      data: 'device limit reached: account agent7 and the accounts below it may have 5 devices, they have 5',
      msg_key: 'device.limitReached',
      msg_params: { limit: 5, used: 5, owner: 'agent7' },
    });
    // What the web shows in zh from the same key.
    expect(formatServerMessage('device.limitReached', res.json().msg_params, 'zh')).toContain('5 台设备');
  });

  it('names the field of a 10002 answer and keys its reason', async () => {
    const res = await app.inject({ method: 'GET', url: '/range' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 10002,
      msg: 'query.endtime: the range may cover at most 31 days',
      msg_key: 'range.tooLongDays',
      msg_params: { days: 31 },
    });
  });
});
