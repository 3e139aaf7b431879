import { PlusOutlined } from '@ant-design/icons';
import { ENFORCEMENT_TYPES, type EnforcementRow } from '@fleet/contracts';
import { Button, Flex, Segmented, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchInput } from '../../../shared/components/SearchInput';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { PhoneCardList, PhoneRowCard } from '../../accounts/components/PhoneCardList';
import { formatTime } from '../../devices/lib/labels';
import { ExportButton } from '../../file-download/components/ExportButton';
import { useEnforcementRecords } from '../api/enforcement';
import { EnforcementChainStatus, EnforcementVerifyResult } from '../components/EnforcementChainStatus';
import { EnforcementDrawer } from '../components/EnforcementDrawer';
import { WorkOrderStatusTag } from '../components/WorkOrderTags';

interface Filters {
  type: string | undefined;
  handled: '' | 'true' | 'false';
}

/** One record as a card (phones: officers look records up on site). */
function EnforcementCard({ row, onOpen }: { row: EnforcementRow; onOpen: () => void }) {
  const { t } = useTranslation();
  const na = t('common.na');
  const type = t(`enforcement.type.${row.type}`);
  return (
    <PhoneRowCard onOpen={onOpen} label={`#${row.seq} ${type}`} testId="enforcement-card">
      <Flex gap={4} wrap align="center">
        <Typography.Text strong>#{row.seq}</Typography.Text>
        <Tag color="geekblue">{type}</Tag>
        {row.order_id !== null && <WorkOrderStatusTag status={row.order_status ?? 0} />}
      </Flex>
      <Typography.Text type="secondary">
        {formatTime(row.occurred_at, na)} · {row.officer_name}
      </Typography.Text>
      <Typography.Text ellipsis>
        {[row.device_title, row.site].filter(Boolean).join(' · ') || na}
      </Typography.Text>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
        {row.description}
      </Typography.Paragraph>
    </PhoneRowCard>
  );
}

/** /enforcement/records: the tenant's law enforcement records, the chain's status and Verify, export. */
export default function EnforcementRecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const list = useListParams<Filters>({ type: undefined, handled: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [verifyShown, setVerifyShown] = useState(false);
  const { type, handled } = list.filters;
  const query = { type, handled: handled || undefined, search: list.search || undefined };
  const records = useEnforcementRecords({ page: list.page, limit: list.limit, ...query });
  const na = t('common.na');
  const filtered = Boolean(list.search || type || handled);
  const exportParams = Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<
    string,
    string
  >;

  const rows = records.data?.rows ?? [];
  // An agent sees the chains of tenants below it: then each row says whose chain it is in.
  const tenants = new Set(rows.map((r) => r.owner_user_id)).size > 1;
  const columns: ColumnsType<EnforcementRow> = [
    ...(tenants
      ? [{ title: t('enforcement.field.tenant'), dataIndex: 'owner_name', width: 120 } as const]
      : []),
    {
      title: t('enforcement.field.seq'),
      dataIndex: 'seq',
      width: 70,
      render: (v: number, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setOpenId(row.id)}
          data-testid="enforcement-open"
        >
          #{v}
        </Button>
      ),
    },
    {
      title: t('enforcement.field.type'),
      dataIndex: 'type',
      width: 150,
      render: (v: string) => <Tag color="geekblue">{t(`enforcement.type.${v}`)}</Tag>,
    },
    {
      title: t('enforcement.field.occurredAt'),
      dataIndex: 'occurred_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('enforcement.field.subject'),
      key: 'subject',
      width: 200,
      render: (_: unknown, row) => [row.device_title, row.site].filter(Boolean).join(' · ') || na,
    },
    { title: t('enforcement.field.officer'), dataIndex: 'officer_name', width: 130 },
    {
      title: t('enforcement.field.description'),
      dataIndex: 'description',
      width: 260,
      // Wraps (the automatic layout keeps an ellipsis cell on one line, as wide as its text).
      render: (v: string) => (v.length > 120 ? `${v.slice(0, 120)}…` : v),
    },
    { title: t('enforcement.field.files'), dataIndex: 'file_count', width: 110 },
    {
      title: t('enforcement.field.order'),
      key: 'order',
      width: 150,
      render: (_: unknown, row) =>
        row.order_id === null ? (
          t('enforcement.noOrder')
        ) : (
          <>
            #{row.order_id} <WorkOrderStatusTag status={row.order_status ?? 0} />
          </>
        ),
    },
    {
      title: t('enforcement.field.hash'),
      dataIndex: 'hash',
      width: 130,
      render: (v: string) => (
        <span style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }} title={v}>
          {v.slice(0, 12)}…
        </span>
      ),
    },
  ];

  return (
    <div data-testid="enforcement-page">
      <ListCard
        error={records.error}
        onRetry={() => void records.refetch()}
        filters={
          <>
            <EnforcementChainStatus onVerify={() => setVerifyShown(true)} />
            <Segmented
              value={handled}
              onChange={(v) => list.setFilter('handled', v as Filters['handled'])}
              options={[
                { value: '', label: t('enforcement.handled.all') },
                { value: 'false', label: t('enforcement.handled.no') },
                { value: 'true', label: t('enforcement.handled.yes') },
              ]}
            />
            <SearchInput
              list={list}
              placeholder={t('enforcement.searchPlaceholder')}
              width={mobile ? 180 : 220}
            />
            <Select
              allowClear
              style={{ width: 190 }}
              placeholder={t('enforcement.field.type')}
              value={type}
              onChange={(v) => list.setFilter('type', v)}
              options={ENFORCEMENT_TYPES.map((s) => ({ value: s, label: t(`enforcement.type.${s}`) }))}
            />
          </>
        }
        actions={
          <>
            <ExportButton kind="enforcement" params={exportParams} />
            <Permit perm="maintenance.Enforcement/add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate('/enforcement/create')}
                data-testid="enforcement-create"
              >
                {t('enforcement.create')}
              </Button>
            </Permit>
          </>
        }
      >
        <EnforcementVerifyResult shown={verifyShown} />
        {mobile ? (
          <PhoneCardList
            rows={rows}
            pending={records.isPending}
            filtered={filtered}
            total={records.data?.total ?? 0}
            list={list}
            card={(row) => <EnforcementCard key={row.id} row={row} onOpen={() => setOpenId(row.id)} />}
            testId="enforcement-cards"
          />
        ) : (
          <Table<EnforcementRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={records.isFetching}
            {...wideTable(columns)}
            locale={{ emptyText: records.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
            pagination={tablePagination(list, records.data?.total ?? 0, (total) =>
              t('enforcement.total', { total }),
            )}
            data-testid="enforcement-table"
          />
        )}
      </ListCard>
      <EnforcementDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
