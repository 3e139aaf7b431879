import { type Language, type OptionEntry, optionEntry } from '@fleet/contracts';
import { z } from 'zod';
import type { Executor } from '../../platform/db/client.js';
import { OPTION_DEFAULTS } from '../system/options.defaults.js';
import { createPlatformOptions } from '../system/platform-options.service.js';
import { EXPORT_WORDS } from './export-labels.js';

const optionList = z.array(optionEntry);

/** The alarm_levels option as GET /option answers it (the seeded defaults when it is unreadable). */
export function alarmLevelsReader(db: Executor): () => Promise<OptionEntry[]> {
  const repo = createPlatformOptions(db);
  return async () => {
    const parsed = optionList.safeParse(await repo.getOption('alarm_levels'));
    return parsed.success ? parsed.data : OPTION_DEFAULTS.alarm_levels;
  };
}

/** Level → label in `lang`; levels the option does not name read 'Level n'. */
export function levelLabeller(levels: OptionEntry[], lang: Language): (level: number) => string {
  const byValue = new Map(levels.map((l) => [String(l.value), l.label[lang]]));
  return (level) => byValue.get(String(level)) || EXPORT_WORDS[lang].levelFallback(level);
}
