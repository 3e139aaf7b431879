import { OTA_DEVICE_STATES, type OtaDeviceState, type OtaLogRow } from '@fleet/contracts';
import { DatePicker, Empty, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tablePagination, useDebouncedValue, useListParams } from '../../../../shared/hooks/use-list-params';
import { wideTable } from '../../../../shared/table/wide-table';
import { rangeQuery } from '../../../../shared/time/time-range';
import { ListCard } from '../../../accounts/components/ListCard';
import { formatTime } from '../../../devices/lib/labels';
import { ExportButton } from '../../../file-download/components/ExportButton';
import { toExportParams } from '../../../file-download/lib/export-params';
import { formatBytes } from '../../../file-download/lib/file-format';
import { DeviceStateTag } from '../../plans/components/StateTags';
import { useOtaLog } from '../api/list-log';

interface Filters {
  state?: OtaDeviceState;
  plan_id?: number;
}

/** The list of /ota/log (every step, `kind` log) and /ota/strace (failed steps with their trace). */
export function OtaLogTable({ kind }: { kind: 'log' | 'strace' }) {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const [imei, setImei] = useState('');
  const debouncedImei = useDebouncedValue(imei.trim());
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const filters = {
    imei: debouncedImei || undefined,
    ...list.filters,
    ...(kind === 'strace' ? { state: undefined } : {}),
    ...rangeQuery(range),
  };
  const log = useOtaLog(kind, { page: list.page, limit: list.limit, ...filters });
  const na = t('common.na');
  const filtered =
    debouncedImei !== '' || range !== null || Object.values(list.filters).some((v) => v !== undefined);

  const columns: ColumnsType<OtaLogRow> = [
    { title: t('otaLogs.at'), dataIndex: 'at', width: 170, render: (v: string) => formatTime(v, na) },
    {
      title: t('otaLogs.plan'),
      dataIndex: 'plan_name',
      width: 180,
      render: (v: string, row) => `#${row.plan_id} ${v}`,
    },
    { title: t('otaLogs.imei'), dataIndex: 'imei', width: 170 },
    {
      title: t('otaLogs.step'),
      dataIndex: 'state',
      width: 120,
      render: (s: OtaDeviceState) => <DeviceStateTag state={s} />,
    },
    { title: t('otaLogs.reason'), dataIndex: 'reason', width: 140, render: (v: string | null) => v ?? '' },
    {
      title: t('otaLogs.detail'),
      dataIndex: 'detail',
      width: 320,
      render: (v: string | null) =>
        v ? (
          <Typography.Text code={kind === 'strace'} ellipsis={{ tooltip: v }} style={{ maxWidth: 300 }}>
            {v}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    { title: t('otaLogs.version'), dataIndex: 'version', width: 100, render: (v: string | null) => v ?? '' },
    {
      title: t('otaLogs.bytes'),
      dataIndex: 'bytes',
      width: 100,
      render: (v: number | null) => (v ? formatBytes(v) : ''),
    },
  ];

  return (
    <ListCard
      error={log.error}
      onRetry={() => void log.refetch()}
      actions={
        <ExportButton kind={kind === 'log' ? 'otalog' : 'otastrace'} params={toExportParams(filters)} />
      }
      filters={
        <>
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('otaLogs.imeiPlaceholder')}
            value={imei}
            onChange={(e) => {
              setImei(e.target.value);
              list.onPageChange(1, list.limit);
            }}
            data-testid="ota-log-imei"
          />
          <InputNumber<number>
            min={1}
            precision={0}
            style={{ width: 130 }}
            placeholder={t('otaLogs.planIdPlaceholder')}
            value={list.filters.plan_id ?? null}
            onChange={(v) => list.setFilter('plan_id', v ?? undefined)}
          />
          {kind === 'log' ? (
            <Select<OtaDeviceState | undefined>
              allowClear
              style={{ width: 150 }}
              placeholder={t('otaLogs.allSteps')}
              value={list.filters.state}
              onChange={(v) => list.setFilter('state', v ?? undefined)}
              options={OTA_DEVICE_STATES.map((s) => ({ value: s, label: t(`otaPlans.deviceState.${s}`) }))}
            />
          ) : null}
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(v) => {
              setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
              list.onPageChange(1, list.limit);
            }}
          />
        </>
      }
    >
      <Table<OtaLogRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={log.data?.rows ?? []}
        loading={log.isPending && !log.error}
        {...wideTable(columns)}
        locale={{
          emptyText: log.isPending ? (
            ' '
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                filtered ? (
                  t('otaLogs.emptyFiltered')
                ) : (
                  <Space orientation="vertical" size={4} data-testid="ota-log-empty">
                    <Typography.Text strong>
                      {t(kind === 'log' ? 'otaLogs.emptyLog' : 'otaLogs.emptyStrace')}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t(kind === 'log' ? 'otaLogs.emptyLogHint' : 'otaLogs.emptyStraceHint')}
                    </Typography.Text>
                  </Space>
                )
              }
            />
          ),
        }}
        pagination={tablePagination(list, log.data?.total ?? 0, (total) => t('otaLogs.total', { total }))}
        data-testid={`ota-${kind}-table`}
      />
    </ListCard>
  );
}
