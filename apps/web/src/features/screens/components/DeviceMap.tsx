import '../screens.css';
import { Alert, Flex, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { useMapConfig } from '../api/get-map-config';
import { type MapDevicesFilter, useMapDevices } from '../api/get-map-devices';
import { useLiveMapStatus } from '../hooks/use-live-map-status';
import type { MapTheme } from '../map/basemap-style';
import { devicesToGeoJson, STATE_COLOURS } from '../map/device-geojson';
import { devicePopupRenderer } from './DevicePopup';

// MapLibre and the canvas load with the first map shown, never with the login page.
const DeviceMapCanvas = lazy(() => import('../map/DeviceMapCanvas'));

/** The legend of the three state colours. */
export function MapLegend({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={12} wrap>
      {(['online', 'alarm', 'offline'] as const).map((k) => (
        <Space key={k} size={4}>
          <span className="map-legend-dot" style={{ background: STATE_COLOURS[k] }} />
          <Typography.Text
            type={dark ? undefined : 'secondary'}
            style={dark ? { color: '#c9d8ea' } : undefined}
          >
            {t(`screens.map.legend.${k}`)}
          </Typography.Text>
        </Space>
      ))}
    </Space>
  );
}

/**
 * The device map (online monitoring, GIS screen, big screen): located devices of the filter, clustered,
 * coloured live by status (OL / AL from /wss), with a popup of latest values per device.
 */
export function DeviceMap({
  filter,
  theme = 'light',
  showSummary = true,
}: {
  filter: MapDevicesFilter;
  theme?: MapTheme;
  showSummary?: boolean;
}) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const devices = useMapDevices(filter);
  const overrides = useLiveMapStatus(devices.data);
  const collection = useMemo(
    () => devicesToGeoJson(devices.data?.rows ?? [], overrides),
    [devices.data, overrides],
  );
  const renderPopup = useMemo(
    () => devicePopupRenderer(devices.data?.rows ?? [], overrides),
    [devices.data, overrides],
  );

  if (devices.isPending || config.isPending)
    return <Spin style={{ display: 'block', padding: 48 }} data-testid="device-map-loading" />;
  if (devices.error) return <LoadError testId="device-map-error" onRetry={() => void devices.refetch()} />;
  const data = devices.data;
  return (
    <Flex vertical gap={8} className="device-map-panel">
      {showSummary && (
        <Flex justify="space-between" wrap gap={8}>
          <MapLegend dark={theme === 'dark'} />
          {data.unplaced > 0 && (
            <Typography.Text type="secondary" data-testid="device-map-unplaced">
              {t('screens.map.unplaced', { count: data.unplaced })}
            </Typography.Text>
          )}
        </Flex>
      )}
      {showSummary && data.total > data.rows.length && (
        <Alert
          type="info"
          showIcon
          title={t('screens.map.truncated', { shown: data.rows.length, total: data.total })}
        />
      )}
      <Suspense
        fallback={<Spin description={t('screens.map.loading')} style={{ display: 'block', padding: 48 }} />}
      >
        <DeviceMapCanvas
          config={config.data}
          theme={theme}
          devices={collection}
          fitKey={JSON.stringify(filter)}
          renderPopup={renderPopup}
        />
      </Suspense>
    </Flex>
  );
}
