type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The table's total in the screen's number format: "100,000+" when the server stopped counting (total_capped). */
export function totalText(total: number, capped: boolean, t: Translate, lang = 'en'): string {
  const formatted = total.toLocaleString(lang === 'zh' ? 'zh-CN' : lang === 'es' ? 'es-ES' : 'en-US');
  return capped ? t('history.totalCapped', { total: formatted }) : t('history.total', { total: formatted });
}
