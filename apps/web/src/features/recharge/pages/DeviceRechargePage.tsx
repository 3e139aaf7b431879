import { RENEW_MAX_YEARS, type RenewableDeviceRow } from '@fleet/contracts';
import { Alert, App, Button, Flex, InputNumber, Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { useRenewQuote } from '../api/get-renew-quote';
import { useRenewableDevices } from '../api/list-renewable';
import { useRenewDevices } from '../api/renew-devices';
import { yuan } from '../lib/money';

const DAY_MS = 86_400_000;

/** /deviceRecharge (Recharge/renew): pick own devices, renew them for N years from the balance. */
export default function DeviceRechargePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams<{ within: 'all' | '30' }>({ within: 'all' });
  const devices = useRenewableDevices({
    page: list.page,
    limit: list.limit,
    ...(list.search ? { search: list.search } : {}),
    ...(list.filters.within === '30' ? { within_days: 30 } : {}),
  });
  const quote = useRenewQuote();
  const renew = useRenewDevices();
  const canRenew = useCanWrite('Recharge/renew');
  const [selected, setSelected] = useState<number[]>([]);
  const [years, setYears] = useState(1);
  const na = t('common.na');
  const fee = quote.data?.unit_fee ?? 0;
  const total = fee * years * selected.length;
  const short = quote.data ? total > quote.data.available : false;
  const columns: ColumnsType<RenewableDeviceRow> = [
    { title: t('recharge.renew.device'), dataIndex: 'device_title', width: 240 },
    { title: 'IMEI', dataIndex: 'device_imei', width: 180 },
    {
      title: t('recharge.renew.expireAt'),
      dataIndex: 'expire_at',
      render: (v: string | null) => {
        if (!v) return <Tag>{t('recharge.overview.never')}</Tag>;
        const days = Math.ceil((new Date(v).getTime() - Date.now()) / DAY_MS);
        return (
          <Flex gap={8} align="center">
            {formatTime(v, na).slice(0, 10)}
            {days <= 30 ? (
              <Tag color={days <= 0 ? 'error' : 'warning'}>
                {days <= 0 ? t('recharge.overview.expired') : t('recharge.overview.daysLeft', { days })}
              </Tag>
            ) : null}
          </Flex>
        );
      },
    },
  ];
  return (
    <div data-testid="device-recharge-page">
      <ListCard
        error={devices.error}
        onRetry={() => void devices.refetch()}
        filters={
          <>
            <Segmented
              value={list.filters.within}
              onChange={(v) => list.setFilter('within', v as 'all' | '30')}
              options={[
                { value: 'all', label: t('recharge.common.all') },
                { value: '30', label: t('recharge.renew.soon') },
              ]}
            />
            <SearchInput list={list} placeholder={t('recharge.renew.search')} testId="renew-search" />
          </>
        }
      >
        {quote.data && fee <= 0 ? (
          <Alert type="info" showIcon title={t('recharge.renew.noFee')} style={{ marginBottom: 12 }} />
        ) : null}
        <Table<RenewableDeviceRow>
          rowKey="id"
          size="middle"
          columns={columns}
          rowSelection={
            canRenew
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
          dataSource={devices.data?.rows ?? []}
          loading={devices.isFetching}
          {...wideTable(columns)}
          locale={{
            emptyText: devices.isPending ? (
              ' '
            ) : (
              <TableEmpty filtered={list.search !== '' || list.filters.within !== 'all'} />
            ),
          }}
          pagination={tablePagination(list, devices.data?.total ?? 0, (n) =>
            t('recharge.common.total', { total: n }),
          )}
          data-testid="renew-table"
        />
        {canRenew ? (
          <Flex gap={16} wrap align="center" justify="flex-end" style={{ marginTop: 12 }}>
            <Typography.Text>{t('recharge.renew.fee', { fee: yuan(fee) })}</Typography.Text>
            <Flex gap={8} align="center">
              <Typography.Text>{t('recharge.renew.years')}</Typography.Text>
              <InputNumber
                min={1}
                max={RENEW_MAX_YEARS}
                precision={0}
                value={years}
                onChange={(v) => setYears(v ?? 1)}
                aria-label={t('recharge.renew.years')}
              />
            </Flex>
            <Typography.Text strong data-testid="renew-total">
              {t('recharge.renew.total', { count: selected.length, total: yuan(total) })}
            </Typography.Text>
            {short ? (
              <Typography.Text type="danger">
                {t('recharge.renew.short', { available: yuan(quote.data?.available ?? 0) })}
              </Typography.Text>
            ) : null}
            <Button
              type="primary"
              disabled={selected.length === 0 || fee <= 0 || short}
              loading={renew.isPending}
              onClick={() =>
                renew.mutate(
                  { device_ids: selected, years },
                  {
                    onSuccess: () => {
                      setSelected([]);
                      void message.success(t('recharge.renew.done'));
                    },
                  },
                )
              }
              data-testid="renew-submit"
            >
              {t('recharge.renew.submit')}
            </Button>
          </Flex>
        ) : null}
      </ListCard>
    </div>
  );
}
