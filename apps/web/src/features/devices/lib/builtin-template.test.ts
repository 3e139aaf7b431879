import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import { METER_TEMPLATE_NAME, templateText } from './builtin-template';

describe('built-in template texts', () => {
  const meter = { builtin: true, name: METER_TEMPLATE_NAME, remark: 'SPEC 3 meter data points: ...' };

  it('are shown in the user language and name no specification', async () => {
    for (const [lang, name] of [
      ['zh', '电表（Modbus）'],
      ['en', 'Electric meter (Modbus)'],
      ['es', 'Contador eléctrico (Modbus)'],
    ] as const) {
      await i18n.changeLanguage(lang);
      const text = templateText(i18n.t, meter);
      expect(text.name).toBe(name);
      expect(text.remark).not.toMatch(/SPEC/);
      expect(text.remark).not.toBe('');
    }
    await i18n.changeLanguage('zh');
  });

  it('leave the templates people made as they named them', () => {
    expect(templateText(i18n.t, { builtin: false, name: METER_TEMPLATE_NAME, remark: 'mine' })).toEqual({
      name: METER_TEMPLATE_NAME,
      remark: 'mine',
    });
  });
});
