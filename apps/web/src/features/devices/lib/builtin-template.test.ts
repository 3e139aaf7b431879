import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import { METER_TEMPLATE_NAME, templatePointTitle, templateText } from './builtin-template';

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

  it('title the meter catalogue points in the reader language, other templates as written', () => {
    const point = { name: 'ua', title: 'Phase A voltage' };
    expect(templatePointTitle(meter, point, 'zh')).toBe('A相电压');
    expect(templatePointTitle(meter, point, 'es-ES')).toBe('Tensión de la fase A');
    expect(templatePointTitle(meter, point, 'en')).toBe('Phase A voltage');
    expect(templatePointTitle(meter, { name: 'extra', title: 'Mine' }, 'zh')).toBe('Mine');
    const own = { builtin: false, name: METER_TEMPLATE_NAME };
    expect(templatePointTitle(own, point, 'zh')).toBe('Phase A voltage');
  });
});
