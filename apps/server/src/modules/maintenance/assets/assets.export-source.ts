import { ASSET_IMPORT_COLUMNS } from '@fleet/contracts';
import { ExportFailure, type SourceFactory } from '../../exports/sources/types.js';
import { MODULES_OPTION } from '../../system/options.defaults.js';
import { createPlatformOptions } from '../../system/platform-options.service.js';
import { mergeModules } from '../../system/system.service.js';
import { warrantyOf, warrantyWindow } from './assets.mapping.js';
import { createAssetsRepository } from './assets.repository.js';
import { ASSET_FILE_WORDS } from './assets.words.js';

const WIDTHS = [16, 24, 16, 12, 24, 11, 11, 18, 12, 12, 8, 30, 20, 20, 14];

/**
 * The device ledger of GET /maintenance/asset as an xlsx / csv export, in id order. The first columns
 * are the import columns (headers in the job's language, which the import also reads), then the linked
 * device's name and the warranty state on the day of the export.
 */
export const assetsSource: SourceFactory<'assets'> = async (ctx, params) => {
  const modules = mergeModules(await createPlatformOptions(ctx.db).getOption(MODULES_OPTION));
  if (!modules.deviceAccount) throw new ExportFailure('the device ledger module is switched off');
  const repo = createAssetsRepository(ctx.db);
  const words = ASSET_FILE_WORDS[ctx.lang];
  const now = ctx.clock();
  const window = warrantyWindow(now);
  return {
    header: [...ASSET_IMPORT_COLUMNS.map((k) => words.header[k]), words.device, words.warranty],
    widths: WIDTHS,
    count: () => repo.count(ctx.scope, params, window),
    async *pages() {
      let after = 0;
      for (;;) {
        const rows = await repo.chunk(ctx.scope, params, window, ctx.pageSize, after);
        if (rows.length === 0) return;
        yield rows.map((a) => [
          a.code,
          a.name,
          a.model,
          a.category,
          a.location,
          a.lat,
          a.lng,
          a.supplier,
          a.installedOn,
          a.warrantyUntil,
          a.status,
          a.notes,
          a.deviceImei,
          a.deviceTitle,
          words.state[warrantyOf(a.warrantyUntil, now).state],
        ]);
        after = rows.at(-1)!.id;
        if (rows.length < ctx.pageSize) return;
      }
    },
  };
};
