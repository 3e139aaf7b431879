import { stat } from 'node:fs/promises';
import { createFileStore, isFileHash } from '../../platform/files/file-store.js';
import type { DownloadTokens } from './download-token.js';

/** Firmware packages live apart from export files (`files/ota/<2 hex>/<sha256>`). */
export const OTA_STORE_AREA = 'ota';

export type PackageLookup =
  | { kind: 'found'; path: string; size: number }
  | { kind: 'refused'; status: 403 | 404; text: string };

/**
 * Which stored package a gateway may download (docs/protocols.md "OTA"): the hash must name a stored
 * file and the signed `t` of the notice's URL must still be valid for it. Unknown and malformed
 * hashes are the same 404.
 */
export function createPackageDownloadService(deps: {
  dataDir: string;
  tokens: DownloadTokens;
  clock: () => Date;
}) {
  const store = createFileStore(deps.dataDir, OTA_STORE_AREA);
  return {
    async locate(hash: string, token: string): Promise<PackageLookup> {
      if (!isFileHash(hash)) return { kind: 'refused', status: 404, text: 'not found' };
      const now = Math.floor(deps.clock().getTime() / 1000);
      if (!deps.tokens.check(hash, token, now))
        return { kind: 'refused', status: 403, text: 'link expired or not valid' };
      const path = store.path(hash);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) return { kind: 'refused', status: 404, text: 'not found' };
      return { kind: 'found', path, size };
    },
  };
}
