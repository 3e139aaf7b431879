import { describe, expect, it } from 'vitest';
import { CREATED_NAMES, createdName } from './created-names.js';
import { placeholdersOf } from './messages.js';

describe('names of platform-created data', () => {
  it('exist in zh, en and es with the same placeholders, and the Chinese one is Chinese', () => {
    for (const [key, texts] of Object.entries(CREATED_NAMES)) {
      for (const language of ['zh', 'en', 'es'] as const) {
        expect(texts[language].trim(), `${key}.${language}`).not.toBe('');
        expect(placeholdersOf(texts[language]), `${key}.${language}`).toEqual(placeholdersOf(texts.en));
      }
      expect(/[\u4e00-\u9fff]/.test(texts.zh), `${key}.zh`).toBe(true);
      expect(texts.es, key).not.toBe(texts.en);
    }
  });

  it('fill the name in the chosen language', () => {
    expect(createdName('scada.copyOf', 'es', { name: 'Bombas' })).toBe('Bombas (copia)');
    expect(createdName('scada.copyOf', 'zh', { name: '泵站' })).toBe('泵站(副本)');
    expect(createdName('scada.firstPage', 'en')).toBe('Main');
  });
});
