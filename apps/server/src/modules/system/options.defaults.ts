import type { OptionEntry, OptionName } from '@fleet/contracts';

/** Options readable through GET /option, with the values seeded on first start. */
export const OPTION_DEFAULTS = {
  alarm_levels: [
    { value: 1, label: { zh: '提示', en: 'Info', es: 'Información' }, color: '#1677ff' },
    { value: 2, label: { zh: '次要', en: 'Minor', es: 'Menor' }, color: '#faad14' },
    { value: 3, label: { zh: '重要', en: 'Major', es: 'Mayor' }, color: '#fa8c16' },
    { value: 4, label: { zh: '紧急', en: 'Critical', es: 'Crítica' }, color: '#f5222d' },
  ],
} satisfies Record<OptionName, OptionEntry[]>;

/** Name of the options row that overrides MODULE_DEFAULTS (a partial `{ key: boolean }` object). */
export const MODULES_OPTION = 'modules';
