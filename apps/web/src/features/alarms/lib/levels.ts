import type { Language, OptionEntry } from '@fleet/contracts';

/** A level's label in the screen's language and its colour, from the alarm_levels option. */
export function levelView(
  levels: readonly OptionEntry[] | undefined,
  level: number,
  lang: Language,
): { label: string; color?: string; known: boolean } {
  const entry = levels?.find((l) => Number(l.value) === level);
  if (!entry) return { label: String(level), known: false };
  return { label: entry.label[lang] || entry.label.en || String(level), color: entry.color, known: true };
}

/** Select options of the levels, in the option's order. */
export function levelOptions(levels: readonly OptionEntry[] | undefined, lang: Language) {
  return (levels ?? []).map((l) => ({
    value: Number(l.value),
    label: l.label[lang] || l.label.en || String(l.value),
  }));
}
