import type {
  AlarmLevelsBody,
  ModuleSwitches,
  ModulesUpdateBody,
  OptionEntry,
  OptionUpdateName,
} from '@fleet/contracts';
import { requirePlatform } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import { noPermission, paramError } from '../../platform/http/errors.js';
import { MODULES_OPTION } from './options.defaults.js';
import type { SystemRepository } from './system.repository.js';
import { mergeModules } from './system.service.js';

/** PUT /option?name= (platform management: user type 0 with the Others permission). */
export function createOptionAdminService({ repo }: { repo: SystemRepository }) {
  return {
    async update(
      scope: Scope,
      name: OptionUpdateName,
      body: ModulesUpdateBody | AlarmLevelsBody,
    ): Promise<ModuleSwitches | OptionEntry[]> {
      requirePlatform(scope);
      if (!hasPermission(scope, 'Others')) throw noPermission();
      if (name === 'modules') {
        if (Array.isArray(body)) throw paramError('body: expected an object of module switches');
        const merged = { ...mergeModules(await repo.getOption(MODULES_OPTION)), ...body };
        await repo.setOption(MODULES_OPTION, merged);
        return merged;
      }
      if (!Array.isArray(body)) throw paramError('body: expected a list of alarm levels');
      await repo.setOption('alarm_levels', body);
      return body;
    },
  };
}
