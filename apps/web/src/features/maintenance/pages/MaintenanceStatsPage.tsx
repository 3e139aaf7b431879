import {
  type AssetStatsRow,
  type DeviceStatsRow,
  STATS_WINDOWS,
  type TechnicianStatsRow,
} from '@fleet/contracts';
import { Card, Col, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { ExportButton } from '../../file-download/components/ExportButton';
import { useMaintenanceStats } from '../api/maintenance-stats';

/**
 * /maintenance/stats: MTTR, MTBF per device and per device ledger asset (shown when an asset had a
 * repair), overdue orders and work by technician (issue 22 item 6).
 */
export default function MaintenanceStatsPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const stats = useMaintenanceStats({ days });
  const na = t('common.na');
  const hours = (v: number | null) => (v === null ? na : t('maintenanceStats.hours', { n: v }));
  const totals = stats.data?.totals;

  const figureColumns = [
    { title: t('maintenanceStats.col.failures'), dataIndex: 'failures', width: 100 },
    { title: t('maintenanceStats.col.repaired'), dataIndex: 'repaired', width: 100 },
    { title: t('maintenanceStats.col.mttr'), dataIndex: 'mttr_hours', width: 120, render: hours },
    { title: t('maintenanceStats.col.mtbf'), dataIndex: 'mtbf_hours', width: 120, render: hours },
    { title: t('maintenanceStats.col.overdue'), dataIndex: 'overdue', width: 100 },
  ];
  const deviceColumns: ColumnsType<DeviceStatsRow> = [
    { title: t('maintenanceStats.col.device'), dataIndex: 'device_title', width: 200 },
    ...figureColumns,
  ];
  const assetColumns: ColumnsType<AssetStatsRow> = [
    { title: t('maintenanceStats.col.asset'), dataIndex: 'asset_title', width: 200 },
    ...figureColumns,
  ];
  const techColumns: ColumnsType<TechnicianStatsRow> = [
    { title: t('maintenanceStats.col.technician'), dataIndex: 'name', width: 200 },
    { title: t('maintenanceStats.col.closed'), dataIndex: 'closed', width: 120 },
    { title: t('maintenanceStats.col.meanClose'), dataIndex: 'mean_close_hours', width: 160, render: hours },
    { title: t('maintenanceStats.col.overdue'), dataIndex: 'overdue', width: 100 },
  ];

  if (stats.error) return <LoadError onRetry={() => void stats.refetch()} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="maintenance-stats-page">
      <Card>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Segmented
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={STATS_WINDOWS.map((d) => ({ value: d, label: t(`maintenanceStats.window.${d}`) }))}
            data-testid="stats-window"
          />
          <ExportButton kind="maintstats" params={{ days: String(days) }} />
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('maintenanceStats.explain')}
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        {(
          [
            ['failures', totals?.failures],
            ['repaired', totals?.repaired],
            ['mttr', totals ? hours(totals.mttr_hours) : undefined],
            ['mtbf', totals ? hours(totals.mtbf_hours) : undefined],
            ['overdue', totals?.overdue],
            ['closed', totals?.closed],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card size="small" loading={stats.isPending}>
              <Statistic
                title={t(`maintenanceStats.totals.${key}`)}
                value={value ?? na}
                data-testid={`stats-${key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('maintenanceStats.devices')} size="small">
        <Table<DeviceStatsRow>
          rowKey="device_id"
          size="small"
          columns={deviceColumns}
          dataSource={stats.data?.devices ?? []}
          loading={stats.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('maintenanceStats.empty') }}
          scroll={{ x: 740 }}
          data-testid="stats-devices"
        />
      </Card>
      {(stats.data?.assets.length ?? 0) > 0 && (
        <Card title={t('maintenanceStats.assets')} size="small">
          <Table<AssetStatsRow>
            rowKey="asset_id"
            size="small"
            columns={assetColumns}
            dataSource={stats.data?.assets ?? []}
            loading={stats.isFetching}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 740 }}
            data-testid="stats-assets"
          />
        </Card>
      )}
      <Card title={t('maintenanceStats.technicians')} size="small">
        <Table<TechnicianStatsRow>
          rowKey="assignee_id"
          size="small"
          columns={techColumns}
          dataSource={stats.data?.technicians ?? []}
          loading={stats.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('maintenanceStats.empty') }}
          scroll={{ x: 580 }}
          data-testid="stats-technicians"
        />
      </Card>
    </Space>
  );
}
