import { Alert, Button, Empty, Flex, Popover, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { MAP_LIMIT, useMapDevices } from '../api/map-devices';
import type { MonitorQuery } from '../api/monitor-devices';
import { buildMapData, markerColour } from '../lib/map-data';

// ECharts and the world outline load with the map view only.
const DeviceMap = lazy(() => import('./DeviceMap'));

/** The map view: devices of the filter placed by latitude / longitude, and those left off. */
export function MapView({ query }: { query: Omit<MonitorQuery, 'page' | 'limit'> }) {
  const { t } = useTranslation();
  const devices = useMapDevices(query, true);
  const data = useMemo(() => buildMapData(devices.data?.rows ?? []), [devices.data]);
  const total = devices.data?.total ?? 0;

  if (devices.isPending)
    return <Spin style={{ display: 'block', padding: 48 }} data-testid="monitor-map-loading" />;
  if (devices.error) return <LoadError testId="monitor-map-error" onRetry={() => void devices.refetch()} />;
  if (total === 0)
    return (
      <Empty description={t('monitor.map.empty')} data-testid="monitor-map-empty" style={{ padding: 48 }} />
    );

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space size={12} wrap>
          {(['normal', 'alarm', 'offline'] as const).map((k) => (
            <Space key={k} size={4}>
              <span
                className="monitor-legend-dot"
                style={{ background: markerColour(k === 'offline' ? 0 : 1, k === 'alarm' ? 1 : 0) }}
              />
              <Typography.Text type="secondary">{t(`monitor.map.legend.${k}`)}</Typography.Text>
            </Space>
          ))}
          <Typography.Text type="secondary">{t('monitor.map.clickHint')}</Typography.Text>
        </Space>
        {data.withoutCoords > 0 ? (
          <Popover
            trigger={['hover', 'click']}
            title={t('monitor.map.withoutCoords', { count: data.withoutCoords })}
            content={
              <ul className="monitor-without">
                {data.without.map((d) => (
                  <li key={d.id}>{d.name}</li>
                ))}
              </ul>
            }
          >
            {/* A button, not an anchor without an address: the keyboard reaches it and opens the list. */}
            <Button type="link" size="small" style={{ padding: 0 }} data-testid="monitor-map-without">
              {t('monitor.map.withoutCoords', { count: data.withoutCoords })}
            </Button>
          </Popover>
        ) : null}
      </Flex>
      {total > MAP_LIMIT ? (
        <Alert type="info" showIcon title={t('monitor.map.truncated', { limit: MAP_LIMIT, total })} />
      ) : null}
      {data.points.length === 0 ? (
        <Alert type="warning" showIcon title={t('monitor.map.noneLocated')} data-testid="monitor-map-none" />
      ) : null}
      <Suspense
        fallback={<Spin description={t('monitor.map.loading')} style={{ display: 'block', padding: 48 }} />}
      >
        <DeviceMap points={data.points} canOpen />
      </Suspense>
    </Flex>
  );
}
