import {
  type BigScreenReport,
  MAP_DEVICE_LIMIT,
  type MapConfig,
  type MapDevicesAnswer,
  type MapDevicesQuery,
  mapConfig,
  SCREEN_LATEST_ROWS,
  SCREEN_READING_MINUTES,
  SCREEN_TOP_DEVICES,
  SCREEN_TREND_HOURS,
} from '@fleet/contracts';
import { requirePlatform } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import { noPermission } from '../../platform/http/errors.js';
import { setMapTileOrigin } from '../../platform/http/map-origin.js';
import type { AlarmRows } from '../alarms/alarm-rows.service.js';
import type { PlatformOptions } from '../system/platform-options.service.js';
import type { ScreensRepository } from './screens.repository.js';

const HOUR = 3600_000;
const MINUTE = 60_000;
/** Name of the options row holding the basemap setting (absent: the offline basemap). */
export const MAP_OPTION = 'map';
const DEFAULT_MAP: MapConfig = { tile_url: null, attribution: '' };

/** `count` consecutive slots of `step` ms ending with the one holding `last`, zero-filled from `values`. */
function slots(last: number, step: number, count: number, values: { at: number; n: number }[]) {
  const byStart = new Map(values.map((v) => [v.at, v.n]));
  const end = Math.floor(last / step) * step;
  return Array.from({ length: count }, (_, i) => {
    const at = end - (count - 1 - i) * step;
    return { at: new Date(at).toISOString(), n: byStart.get(at) ?? 0 };
  });
}

/** The big screen's figures, the device map and the basemap setting (issue 23, DESIGN 15). */
export function createScreensService(deps: {
  repo: ScreensRepository;
  alarms: Pick<AlarmRows, 'latestVisible'>;
  options: Pick<PlatformOptions, 'getOption' | 'setOption'>;
  clock: () => Date;
}) {
  const { repo, alarms, options, clock } = deps;
  return {
    async bigScreen(scope: Scope): Promise<BigScreenReport> {
      const now = clock().getTime();
      const trendSince = new Date(Math.floor(now / HOUR) * HOUR - (SCREEN_TREND_HOURS - 1) * HOUR);
      // Complete minutes only: the current one is still filling (the screen adds live readings to it).
      const lastMinute = Math.floor(now / MINUTE) * MINUTE - MINUTE;
      const readingsSince = new Date(lastMinute - (SCREEN_READING_MINUTES - 1) * MINUTE);
      const [devices, perHour, perMinute, latest, top] = await Promise.all([
        repo.deviceCounts(scope),
        repo.alarmsPerHour(scope, trendSince),
        repo.readingsPerMinute(scope, readingsSince),
        alarms.latestVisible(scope, SCREEN_LATEST_ROWS),
        repo.topAlarming(scope, trendSince, SCREEN_TOP_DEVICES),
      ]);
      return {
        devices,
        alarm_trend: slots(
          now,
          HOUR,
          SCREEN_TREND_HOURS,
          perHour.map((r) => ({ at: r.hour, n: r.alarms })),
        ).map((s) => ({ hour: s.at, alarms: s.n })),
        readings_per_minute: slots(
          lastMinute,
          MINUTE,
          SCREEN_READING_MINUTES,
          perMinute.map((r) => ({ at: r.minute, n: r.readings })),
        ).map((s) => ({ minute: s.at, readings: s.n })),
        latest_alarms: latest,
        top_alarming: top,
      };
    },

    async mapDevices(scope: Scope, query: MapDevicesQuery): Promise<MapDevicesAnswer> {
      return repo.mapDevices(
        scope,
        { status: query.status, groupId: query.group_id, projectId: query.project_id },
        MAP_DEVICE_LIMIT,
      );
    },

    /** Located devices among `ids` (null: all) the scope sees, for a custom screen's map widget. */
    async listedMapDevices(scope: Scope, ids: readonly number[] | null): Promise<MapDevicesAnswer> {
      return repo.mapDevices(scope, { status: null, deviceIds: ids ?? undefined }, MAP_DEVICE_LIMIT);
    },

    /** Every signed-in user's map reads it; a stored value that no longer parses falls back to offline. */
    async mapConfig(): Promise<MapConfig> {
      const parsed = mapConfig.safeParse(await options.getOption(MAP_OPTION));
      const config = parsed.success ? parsed.data : DEFAULT_MAP;
      setMapTileOrigin(config.tile_url);
      return config;
    },

    /** Platform management (user type 0 with Others), like the other platform options. */
    async setMapConfig(scope: Scope, config: MapConfig): Promise<MapConfig> {
      requirePlatform(scope);
      if (!hasPermission(scope, 'Others')) throw noPermission();
      await options.setOption(MAP_OPTION, config);
      setMapTileOrigin(config.tile_url);
      return config;
    },
  };
}

export type ScreensService = ReturnType<typeof createScreensService>;
