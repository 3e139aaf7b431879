import { EditOutlined, ImportOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import type { OtaSimCarrier, OtaSimRow, OtaSimStatus } from '@fleet/contracts';
import { Button, Flex, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { SearchInput } from '../../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../../shared/hooks/use-list-params';
import { Permit } from '../../../../shared/permission/Permit';
import { wideTable } from '../../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../../accounts/components/ListCard';
import { formatTime, SIM_STATUS_COLOUR } from '../../gateways/lib/labels';
import { useDeleteOtaSim } from '../api/delete-sim';
import { useOtaSims } from '../api/list-sims';
import { SimDrawer } from '../components/SimDrawer';
import { SimImportModal } from '../components/SimImportModal';
import { SimLinkModal } from '../components/SimLinkModal';
import { carrierOptions, statusOptions } from '../components/sim-options';
import { expiryState, formatBytes, localToday } from '../lib/sim-format';

interface Filters {
  carrier?: OtaSimCarrier;
  status?: OtaSimStatus;
  expiry?: 'expired' | 'soon';
}

/** /ota/sim: the SIM cards of my data and the gateways using each (docs/api-ota.md GET /ota/sims). */
export default function OtaSimsPage() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const { carrier, status, expiry } = list.filters;
  const sims = useOtaSims({
    page: list.page,
    limit: list.limit,
    search: list.search,
    carrier,
    status,
    expiry,
  });
  const remove = useDeleteOtaSim();
  const [drawer, setDrawer] = useState<{ open: boolean; sim?: OtaSimRow }>({ open: false });
  const [importing, setImporting] = useState(false);
  const [linking, setLinking] = useState<OtaSimRow>();
  const today = localToday();
  const na = t('common.na');
  const filtered =
    list.search !== '' || carrier !== undefined || status !== undefined || expiry !== undefined;

  const columns: ColumnsType<OtaSimRow> = [
    {
      title: 'ICCID',
      dataIndex: 'iccid',
      fixed: 'left',
      width: 220,
      render: (v: string) => (
        <Typography.Text copyable strong data-testid="ota-sim-iccid-cell">
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('otaSims.col.carrier'),
      dataIndex: 'carrier',
      width: 130,
      render: (v: OtaSimCarrier) => t(`otaSims.carrier.${v}`),
    },
    {
      title: t('otaSims.col.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: OtaSimStatus) => <Tag color={SIM_STATUS_COLOUR[v]}>{t(`otaGateways.simStatus.${v}`)}</Tag>,
    },
    {
      title: t('otaSims.col.data'),
      key: 'data',
      width: 190,
      render: (_v, row) => (
        <Flex vertical gap={0} data-testid="ota-sim-data">
          <span>
            {formatBytes(row.data_used)}
            {row.data_limit !== null && (
              <Typography.Text type="secondary"> / {formatBytes(row.data_limit)}</Typography.Text>
            )}
          </span>
          {row.data_limit !== null && row.data_limit > 0 && (
            <Progress
              percent={Math.min(100, Math.round((row.data_used / row.data_limit) * 100))}
              size="small"
              status={row.data_used >= row.data_limit ? 'exception' : 'normal'}
              aria-label={t('otaSims.col.data')}
            />
          )}
        </Flex>
      ),
    },
    {
      title: t('otaSims.col.expires'),
      dataIndex: 'expires_on',
      width: 230,
      render: (v: string | null) => {
        const state = expiryState(v, today);
        if (state.kind === 'none')
          return <Typography.Text type="secondary">{t('otaSims.noExpiry')}</Typography.Text>;
        return (
          <Space size={6} data-testid="ota-sim-expiry">
            <span style={{ whiteSpace: 'nowrap' }}>{v}</span>
            {state.kind === 'expired' && <Tag color="red">{t('otaSims.expired')}</Tag>}
            {state.kind === 'soon' && (
              <Tag color="orange">{t('otaSims.expiresIn', { count: state.days })}</Tag>
            )}
          </Space>
        );
      },
    },
    {
      title: t('otaSims.col.gateways'),
      dataIndex: 'gateway_imeis',
      width: 200,
      render: (v: string[], row) =>
        v.length === 0 ? (
          <Typography.Text type="secondary">{t('otaSims.link.none')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap data-testid="ota-sim-gateways">
            {v.map((imei) => (
              <Tag key={imei} style={{ cursor: 'pointer' }} onClick={() => setLinking(row)}>
                {imei}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('otaGateways.col.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('otaGateways.col.created'),
      dataIndex: 'created_at',
      width: 160,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('otaGateways.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_v, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<LinkOutlined />}
            onClick={() => setLinking(row)}
            title={t('otaSims.link.action')}
            aria-label={t('otaSims.link.action')}
            data-testid="ota-sim-link"
          />
          <Permit perm="OtaManager">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDrawer({ open: true, sim: row })}
              title={t('common.edit')}
              aria-label={t('common.edit')}
              data-testid="ota-sim-edit"
            />
          </Permit>
          <Permit perm="OtaManager">
            <DeleteAction
              name={row.iccid}
              description={row.gateway_imeis.length > 0 ? t('otaSims.deleteKeepsGateways') : undefined}
              onDelete={() => remove.mutateAsync(row.id)}
              testId="ota-sim-delete"
            />
          </Permit>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="ota-sims-page">
      <ListCard
        error={sims.error}
        onRetry={() => void sims.refetch()}
        filters={
          <>
            <SearchInput list={list} placeholder={t('otaSims.search')} testId="ota-sims-search" />
            <Select
              allowClear
              placeholder={t('otaSims.col.carrier')}
              aria-label={t('otaSims.col.carrier')}
              value={carrier}
              onChange={(v) => list.setFilter('carrier', v)}
              options={carrierOptions(t)}
              style={{ width: 150 }}
              data-testid="ota-sims-filter-carrier"
            />
            <Select
              allowClear
              placeholder={t('otaSims.col.status')}
              aria-label={t('otaSims.col.status')}
              value={status}
              onChange={(v) => list.setFilter('status', v)}
              options={statusOptions(t)}
              style={{ width: 140 }}
              data-testid="ota-sims-filter-status"
            />
            <Select
              allowClear
              placeholder={t('otaSims.col.expires')}
              aria-label={t('otaSims.col.expires')}
              value={expiry}
              onChange={(v) => list.setFilter('expiry', v)}
              options={[
                { value: 'expired', label: t('otaSims.expired') },
                { value: 'soon', label: t('otaSims.expiringSoon') },
              ]}
              style={{ width: 160 }}
              data-testid="ota-sims-filter-expiry"
            />
          </>
        }
        actions={
          <>
            <Permit perm="OtaManager">
              <Button
                icon={<ImportOutlined />}
                onClick={() => setImporting(true)}
                data-testid="ota-sim-import"
              >
                {t('otaSims.import.action')}
              </Button>
            </Permit>
            <Permit perm="OtaManager">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ open: true })}
                data-testid="ota-sim-add"
              >
                {t('otaSims.add')}
              </Button>
            </Permit>
          </>
        }
      >
        <Table<OtaSimRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={sims.data?.rows ?? []}
          loading={sims.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: sims.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, sims.data?.total ?? 0, (total) => t('otaSims.total', { total }))}
          data-testid="ota-sims-table"
        />
      </ListCard>
      <SimDrawer open={drawer.open} sim={drawer.sim} onClose={() => setDrawer({ open: false })} />
      <SimImportModal open={importing} onClose={() => setImporting(false)} />
      <SimLinkModal sim={linking} onClose={() => setLinking(undefined)} />
    </div>
  );
}
