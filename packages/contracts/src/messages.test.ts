import { describe, expect, it } from 'vitest';
import { formatServerMessage, isServerMessageKey, placeholdersOf, SERVER_MESSAGES } from './messages.js';

describe('server messages', () => {
  it('have text in zh, en and es with the same placeholders in each', () => {
    for (const [key, texts] of Object.entries(SERVER_MESSAGES)) {
      const expected = placeholdersOf(texts.en);
      for (const language of ['zh', 'en', 'es'] as const) {
        expect(texts[language].trim(), `${key}.${language}`).not.toBe('');
        expect(placeholdersOf(texts[language]), `${key}.${language}`).toEqual(expected);
      }
      // Chinese text is Chinese, not a copy of the English one.
      expect(texts.zh, key).not.toBe(texts.en);
      expect(/[\u4e00-\u9fff]/.test(texts.zh), `${key}.zh`).toBe(true);
    }
  });

  it('fill placeholders in the chosen language and keep a missing one visible', () => {
    expect(formatServerMessage('device.limitReached', { limit: 5, used: 5, owner: 'a7' }, 'en')).toBe(
      'device limit reached: account a7 and the accounts below it may have 5 devices, they have 5',
    );
    expect(formatServerMessage('model.inUse', { count: 3 }, 'zh')).toBe('该型号正被 3 台设备使用');
    expect(formatServerMessage('model.inUse', {}, 'es')).toBe('el modelo lo usan {count} dispositivos');
  });

  it('recognise only their own keys', () => {
    expect(isServerMessageKey('auth.throttled')).toBe(true);
    expect(isServerMessageKey('toString')).toBe(false);
    expect(isServerMessageKey(undefined)).toBe(false);
  });
});
