import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';
import i18n from './index';
import zh from './zh';

function flatten(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

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
