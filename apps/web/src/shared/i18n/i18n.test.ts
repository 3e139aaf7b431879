import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';
import i18n from './index';
import { flattenMessages as flatten, placeholdersOf as placeholders } from './message-keys';
import zh from './zh';

describe('i18n resources', () => {
  const zhKeys = flatten(zh);
  const languages = { en: flatten(en), es: flatten(es) };

  it.each(Object.entries(languages))('%s has exactly the keys of zh', (_lng, messages) => {
    const missing = [...zhKeys.keys()].filter((k) => !messages.has(k));
    const extra = [...messages.keys()].filter((k) => !zhKeys.has(k));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it.each(Object.entries(languages))(
    '%s has no empty text and keeps the placeholders of zh',
    (_lng, messages) => {
      for (const [key, text] of zhKeys) {
        const other = messages.get(key) ?? '';
        expect(other.trim(), key).not.toBe('');
        expect(placeholders(other), key).toEqual(placeholders(text));
      }
    },
  );

  it('covers the SPEC 8 messages in English', () => {
    expect(en.errors.timeout).toBe('Timeout and no response, please try again later');
    expect(en.guard.verifyFailed).toBe('Verification failed, please login again');
  });

  it('defaults to zh and switches language', async () => {
    expect(i18n.language).toBe('zh');
    await i18n.changeLanguage('es');
    expect(i18n.t('expiry.willExpire', { days: 3 })).toBe('La cuenta vencerá en 3 días');
    await i18n.changeLanguage('zh');
  });
});
