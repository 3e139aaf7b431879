import type { CustomizeInfo } from '@fleet/contracts';
import type { CustomizeRepository } from './customize.repository.js';

/** 'Example.COM:8080' -> 'example.com' (domains are stored lower-case without a port). */
export function normalizeDomain(raw: string): string {
  const host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon >= 0 && host.indexOf(':', colon + 1) < 0 ? host.slice(0, colon) : host;
}

export interface CustomizeServiceDeps {
  repo: CustomizeRepository;
  /** PLATFORM_TITLE: the title of domains without a customization (null: the web app's default). */
  defaultTitle: string | null;
}

export function createCustomizeService({ repo, defaultTitle }: CustomizeServiceDeps) {
  return {
    async info(domain: string): Promise<CustomizeInfo> {
      const normalized = normalizeDomain(domain);
      const row = normalized ? await repo.findByDomain(normalized) : undefined;
      return {
        domain: normalized,
        platform_title: row?.platformTitle ?? defaultTitle,
        bigscreen_title: row?.bigscreenTitle ?? null,
      };
    },
  };
}
