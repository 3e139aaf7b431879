import { ImportOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  ASSET_STATUSES,
  ASSET_WARRANTY_FILTERS,
  type AssetRow,
  type AssetWarrantyState,
} from '@fleet/contracts';
import { Button, Drawer, Flex, Select, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../shared/components/LoadError';
import { SearchInput } from '../../../shared/components/SearchInput';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../accounts/components/ListCard';
import { PhoneCardList, PhoneRowCard } from '../../accounts/components/PhoneCardList';
import { ExportButton } from '../../file-download/components/ExportButton';
import { useAsset } from '../api/asset';
import { useAssetCategories } from '../api/asset-categories';
import { useAssets } from '../api/assets';
import { AssetDetailView } from './AssetDetailView';
import { AssetFormDrawer } from './AssetFormDrawer';
import { AssetStatusTag, WarrantyTag } from './AssetTags';
import { ImportAssetsDialog } from './ImportAssetsDialog';

interface Filters {
  status: number | undefined;
  category: string | undefined;
  warranty: AssetWarrantyState | undefined;
}

/** The list call's query as export params (strings, no paging, no empty values). */
export function exportParamsOf(search: string, f: Filters): Record<string, string> {
  const out: Record<string, string> = {};
  if (search) out.search = search;
  if (f.status !== undefined) out.status = String(f.status);
  if (f.category) out.category = f.category;
  if (f.warranty) out.warranty = f.warranty;
  return out;
}

/** One asset as a card (phones: technicians look assets up on site). */
function AssetCard({ row, onOpen }: { row: AssetRow; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <PhoneRowCard onOpen={onOpen} label={`${row.code} ${row.name}`} testId="asset-card">
      <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
        {row.code} · {row.name}
      </Typography.Text>
      <Flex gap={4} wrap>
        <AssetStatusTag status={row.status} />
        <WarrantyTag row={row} />
      </Flex>
      <Typography.Text type="secondary" ellipsis>
        {[row.location, row.device_title].filter(Boolean).join(' · ') || t('common.na')}
      </Typography.Text>
    </PhoneRowCard>
  );
}

/** The drawer of one asset, opened from the list. */
function AssetDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const detail = useAsset(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? window.innerWidth : 640}
      title={detail.data ? `${detail.data.code} ${detail.data.name}` : t('assets.detail')}
      destroyOnHidden
      data-testid="asset-drawer"
      styles={{ body: { padding: mobile ? 12 : 24 } }}
    >
      {detail.error ? <LoadError onRetry={() => void detail.refetch()} /> : null}
      {detail.data ? (
        <AssetDetailView asset={detail.data} onDeleted={onClose} />
      ) : (
        !detail.error && <Skeleton active />
      )}
    </Drawer>
  );
}

/**
 * /maintenance/asset: the device ledger. Search and filters, warranty per asset, add, import, export
 * (background job), select rows to print QR labels; cards instead of the table on a phone.
 */
export function AssetTable() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const list = useListParams<Filters>({ status: undefined, category: undefined, warranty: undefined });
  const [openId, setOpenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const categories = useAssetCategories();
  const { status, category, warranty } = list.filters;
  const assets = useAssets({
    page: list.page,
    limit: list.limit,
    search: list.search,
    status,
    category,
    warranty,
  });
  const rows = assets.data?.rows ?? [];
  const total = assets.data?.total ?? 0;
  const na = t('common.na');
  const filtered = Boolean(list.search || status !== undefined || category || warranty);

  const columns: ColumnsType<AssetRow> = [
    {
      title: t('assets.field.code'),
      dataIndex: 'code',
      width: 140,
      render: (v: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="asset-open">
          {v}
        </Button>
      ),
    },
    { title: t('assets.field.name'), dataIndex: 'name', width: 180 },
    { title: t('assets.field.model'), dataIndex: 'model', width: 120, render: (v: string) => v || na },
    { title: t('assets.field.category'), dataIndex: 'category', width: 110, render: (v: string) => v || na },
    {
      title: t('assets.field.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: number) => <AssetStatusTag status={v} />,
    },
    {
      title: t('assets.field.warranty'),
      dataIndex: 'warranty',
      width: 150,
      render: (_: unknown, row) => <WarrantyTag row={row} />,
    },
    {
      title: t('assets.field.device'),
      dataIndex: 'device_title',
      width: 160,
      render: (v: string | null) => v ?? na,
    },
    { title: t('assets.field.location'), dataIndex: 'location', width: 180, render: (v: string) => v || na },
    { title: t('assets.field.supplier'), dataIndex: 'supplier', width: 130, render: (v: string) => v || na },
  ];

  const printLabels = () => void navigate(`/maintenance/asset/labels?ids=${selected.join(',')}`);

  return (
    <div data-testid="assets-page">
      <ListCard
        error={assets.error}
        onRetry={() => void assets.refetch()}
        filters={
          <>
            <SearchInput list={list} placeholder={t('assets.searchPlaceholder')} width={mobile ? 180 : 260} />
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('assets.field.status')}
              value={status}
              onChange={(v) => list.setFilter('status', v)}
              options={ASSET_STATUSES.map((s) => ({ value: s, label: t(`assets.status.${s}`) }))}
              data-testid="asset-filter-status"
            />
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('assets.field.warranty')}
              value={warranty}
              onChange={(v) => list.setFilter('warranty', v)}
              options={ASSET_WARRANTY_FILTERS.map((w) => ({
                value: w,
                label: w === 'expiring' ? t('assets.warranty.expiring') : t(`assets.warranty.${w}`),
              }))}
              data-testid="asset-filter-warranty"
            />
            {(categories.data?.length ?? 0) > 0 && (
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('assets.field.category')}
                value={category}
                onChange={(v) => list.setFilter('category', v)}
                options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
              />
            )}
          </>
        }
        actions={
          <>
            {selected.length > 0 && (
              <Button icon={<PrinterOutlined />} onClick={printLabels} data-testid="asset-print-labels">
                {t('assets.printLabels')} ({selected.length})
              </Button>
            )}
            <ExportButton
              kind="assets"
              params={exportParamsOf(list.search, list.filters)}
              disabled={total === 0}
            />
            <Permit perm="maintenance.Asset/add">
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="asset-import">
                {t('assets.import')}
              </Button>
            </Permit>
            <Permit perm="maintenance.Asset/add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setAdding(true)}
                data-testid="asset-add"
              >
                {t('assets.add')}
              </Button>
            </Permit>
          </>
        }
      >
        {mobile ? (
          <PhoneCardList
            rows={rows}
            pending={assets.isPending}
            filtered={filtered}
            total={total}
            list={list}
            card={(row) => <AssetCard key={row.id} row={row} onOpen={() => setOpenId(row.id)} />}
            testId="asset-cards"
          />
        ) : (
          <Table<AssetRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={assets.isFetching}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as number[]),
              preserveSelectedRowKeys: true,
            }}
            {...wideTable(columns)}
            locale={{ emptyText: assets.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
            pagination={tablePagination(list, total, (n) => t('assets.total', { total: n }))}
            data-testid="asset-table"
          />
        )}
      </ListCard>
      <AssetDrawer id={openId} onClose={() => setOpenId(null)} />
      <AssetFormDrawer open={adding} asset={null} onClose={() => setAdding(false)} onSaved={setOpenId} />
      <ImportAssetsDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
