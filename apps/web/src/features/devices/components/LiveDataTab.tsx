import { SyncOutlined } from '@ant-design/icons';
import type { DeviceDetail } from '@fleet/contracts';
import { DEVICE_ENDPOINTS } from '@fleet/contracts';
import { Alert, App, Button, Empty, Flex, Segmented, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { useLastPoints } from '../api/live';
import { usePoints } from '../api/points';
import { useRefreshDevice } from '../api/refresh-device';
import { useSlaves } from '../api/slaves';
import { formatPointValue, isWritable } from '../lib/live-format';
import { filterBySlave, type LiveRow, liveRows, nothingReported } from '../lib/live-rows';
import { RelativeTime, useNow } from './RelativeTime';
import { WriteControl } from './WriteControl';

/** The topic, path and header of the hint come from the one definition the server and docs share. */
export const endpointHint = {
  topic: DEVICE_ENDPOINTS.mqttUpTopic.replace('{imei}', '<IMEI>'),
  ingest: DEVICE_ENDPOINTS.httpIngestPath.replace('{imei}', '<IMEI>'),
  header: DEVICE_ENDPOINTS.httpKeyHeader,
};

function HowToSend({ onShowCredentials }: { onShowCredentials?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="live-empty"
      title={t('devices.live.emptyTitle')}
      description={
        <span>
          {t('devices.live.emptyHint', endpointHint)}{' '}
          {onShowCredentials ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              onClick={onShowCredentials}
              data-testid="live-empty-credentials"
            >
              {t('devices.live.emptyLink')}
            </Button>
          ) : (
            t('devices.live.emptyLink')
          )}
          .
        </span>
      }
    />
  );
}

/** Latest value of every point (GET /device/lastdp), re-read every 5 s, with writes on writable points. */
export function LiveDataTab({
  device,
  onShowCredentials,
}: {
  device: DeviceDetail;
  onShowCredentials?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isGateway = device.device_class === 'DTUGW';
  const latest = useLastPoints(device.id);
  const points = usePoints(device.id);
  const slaves = useSlaves(device.id, isGateway);
  const refresh = useRefreshDevice(device.id);
  const [slaveFilter, setSlaveFilter] = useState('all');
  const now = useNow();
  const na = t('common.na');

  if (latest.isPending || points.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (latest.error || points.error)
    return (
      <LoadError
        testId="live-error"
        onRetry={() => {
          void latest.refetch();
          void points.refetch();
        }}
      />
    );

  const all = liveRows(latest.data, points.data.rows);
  if (all.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.live.noPoints')} />;
  const rows = filterBySlave(all, slaveFilter);
  const slaveRows = slaves.data ?? [];
  const slaveName = (id: number | null) =>
    id === null
      ? t('devices.live.device')
      : `${slaveRows.find((s) => s.slave_id === id)?.name ?? ''} (${id})`;

  const doRefresh = () =>
    refresh
      .mutateAsync()
      .then((r) => {
        if (r.refreshed) void message.success(t('devices.live.polled'));
        else void message.info(t('devices.live.selfReporting'));
      })
      .catch(() => undefined);

  return (
    <Flex vertical gap={12} data-testid="device-live">
      {nothingReported(latest.data) ? <HowToSend onShowCredentials={onShowCredentials} /> : null}
      <Flex gap={8} justify="space-between" align="center" wrap>
        {isGateway ? (
          <Segmented
            value={slaveFilter}
            onChange={(v) => setSlaveFilter(String(v))}
            options={[
              { value: 'all', label: t('devices.live.allSlaves') },
              { value: 'device', label: t('devices.live.device') },
              ...slaveRows.map((s) => ({ value: String(s.slave_id), label: `${s.name} (${s.slave_id})` })),
            ]}
            data-testid="live-filter-slave"
          />
        ) : (
          <span />
        )}
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{t('devices.live.autoRefresh')}</Typography.Text>
          <Button
            icon={<SyncOutlined spin={latest.isFetching} />}
            loading={refresh.isPending}
            onClick={() => void doRefresh()}
            data-testid="live-refresh"
          >
            {t('devices.live.refreshNow')}
          </Button>
        </Flex>
      </Flex>
      <Table<LiveRow>
        rowKey="point_id"
        size="small"
        dataSource={rows}
        scroll={{ x: 820 }}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.common.emptyFiltered')} />
          ),
        }}
        data-testid="live-table"
        onRow={(row) => ({ 'data-testid': `live-row-${row.name}` }) as object}
        columns={[
          { title: t('devices.live.title'), dataIndex: 'title', width: 160, ellipsis: true },
          {
            title: t('devices.live.name'),
            dataIndex: 'name',
            width: 130,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          ...(isGateway
            ? [
                {
                  title: t('devices.live.slave'),
                  dataIndex: 'slave_id',
                  width: 130,
                  render: (v: number | null) => slaveName(v),
                },
              ]
            : []),
          {
            title: t('devices.live.value'),
            key: 'value',
            width: 160,
            render: (_v, r) => {
              const shown = formatPointValue(r.value, {
                decimals: r.decimals,
                translate: r.point?.ds_config.translate,
              });
              if (!shown)
                return <Typography.Text type="secondary">{t('devices.live.never')}</Typography.Text>;
              return (
                <Typography.Text
                  strong
                  data-testid="live-value"
                  title={shown.translated ? String(r.value) : undefined}
                >
                  {shown.text}
                </Typography.Text>
              );
            },
          },
          { title: t('devices.live.unit'), dataIndex: 'unit', width: 80 },
          {
            title: t('devices.live.time'),
            dataIndex: 'at',
            width: 130,
            render: (v: string | null) => <RelativeTime at={v} now={now} fallback={na} />,
          },
          {
            title: t('devices.common.actions'),
            key: 'write',
            width: 100,
            render: (_v, r) =>
              r.point && isWritable(r.point) ? <WriteControl deviceId={device.id} point={r.point} /> : null,
          },
        ]}
      />
    </Flex>
  );
}
