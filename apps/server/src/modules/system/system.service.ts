import {
  type DictEntry,
  type DictKey,
  type HealthResult,
  MODULE_DEFAULTS,
  MODULE_KEYS,
  type ModuleSwitches,
  type OptionEntry,
  type OptionName,
  optionEntry,
  type SystemConfig,
} from '@fleet/contracts';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { DatabaseKind } from '../../platform/db/client.js';
import { DICTIONARIES, STAR } from './dict.catalogue.js';
import { MODULES_OPTION, OPTION_DEFAULTS } from './options.defaults.js';
import type { SystemRepository } from './system.repository.js';

export interface SystemServiceDeps {
  repo: SystemRepository;
  config: Pick<Config, 'DEMO' | 'OTA_HOST'> & Partial<Pick<Config, 'DEVICE_EXPIRY_GRACE_DAYS'>>;
  databaseKind: DatabaseKind;
  version: string;
}

const optionList = z.array(optionEntry);

/** MODULE_DEFAULTS with the known boolean keys of the `modules` option applied. */
export function mergeModules(override: unknown): ModuleSwitches {
  const modules: ModuleSwitches = { ...MODULE_DEFAULTS };
  if (override && typeof override === 'object' && !Array.isArray(override)) {
    for (const key of MODULE_KEYS) {
      const value = (override as Record<string, unknown>)[key];
      if (typeof value === 'boolean') modules[key] = value;
    }
  }
  return modules;
}

export function createSystemService({ repo, config, databaseKind, version }: SystemServiceDeps) {
  return {
    async systemConfig(): Promise<SystemConfig> {
      return {
        modules: mergeModules(await repo.getOption(MODULES_OPTION)),
        demo_enabled: config.DEMO,
        phone_login: await repo.phoneLoginReady(),
        ota_host: config.OTA_HOST ?? null,
        version,
        device_expiry_grace_days: config.DEVICE_EXPIRY_GRACE_DAYS,
      };
    },

    async health(): Promise<HealthResult> {
      await repo.ping();
      return { status: 'ok', database: databaseKind };
    },

    dict(key: DictKey, keepStar: boolean): DictEntry[] {
      const strip = (s: string) => (keepStar ? s : s.endsWith(STAR) ? s.slice(0, -STAR.length) : s);
      return DICTIONARIES[key].map((e) => ({
        value: e.value,
        label: { zh: strip(e.label.zh), en: strip(e.label.en), es: strip(e.label.es) },
      }));
    },

    async option(name: OptionName): Promise<OptionEntry[]> {
      const parsed = optionList.safeParse(await repo.getOption(name));
      return parsed.success ? parsed.data : OPTION_DEFAULTS[name];
    },
  };
}
