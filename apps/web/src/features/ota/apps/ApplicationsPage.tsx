import { DeploymentUnitOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import type { OtaApplicationRow } from '@fleet/contracts';
import { Button, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useCanWrite, usePermission } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard } from '../../accounts/components/ListCard';
import { formatTime } from '../../devices/lib/labels';
import { formatBytes } from '../../file-download/lib/file-format';
import { useDeleteApplication } from './api/delete-application';
import { useApplications } from './api/list-applications';
import { UploadModal } from './components/UploadModal';
import { registerOtaAppsBundle } from './i18n';

registerOtaAppsBundle();

/** /ota/app (ota.Application/index): firmware packages, each stored by hash with a signed manifest. */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const list = useListParams({});
  const apps = useApplications({ page: list.page, limit: list.limit, search: list.search || undefined });
  const remover = useDeleteApplication();
  const canWrite = useCanWrite('OtaManager');
  const [uploading, setUploading] = useState(false);
  const navigate = useNavigate();
  const canPlan = usePermission(['OtaManager', 'ota.Plan/index']);
  const na = t('common.na');

  const columns: ColumnsType<OtaApplicationRow> = [
    {
      title: t('otaApps.name'),
      dataIndex: 'name',
      width: 220,
      render: (v: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{v}</Typography.Text>
          {row.notes ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: row.notes }}>
              {row.notes}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t('otaApps.version'), dataIndex: 'version', width: 110 },
    {
      title: t('otaApps.models'),
      dataIndex: 'models',
      width: 200,
      render: (v: string[]) => v.map((m) => <Tag key={m}>{m}</Tag>),
    },
    { title: t('otaApps.counter'), dataIndex: 'counter', width: 130, align: 'right' },
    {
      title: t('otaApps.size'),
      dataIndex: 'size',
      width: 100,
      align: 'right',
      render: (v: number) => formatBytes(v),
    },
    {
      title: t('otaApps.sha256'),
      dataIndex: 'sha256',
      width: 170,
      render: (v: string, row) => (
        <Tooltip title={`${v} · ${t('otaApps.signature')}: ${row.signature}`}>
          <Space size={4}>
            <SafetyCertificateOutlined style={{ color: '#52c41a' }} aria-label={t('otaApps.signed')} />
            <Typography.Text code>{v.slice(0, 12)}</Typography.Text>
          </Space>
        </Tooltip>
      ),
    },
    {
      title: t('otaApps.expires'),
      dataIndex: 'expires',
      width: 170,
      render: (v: number) => formatTime(new Date(v * 1000).toISOString(), na),
    },
    {
      title: t('otaApps.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('otaApps.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_v, row) => (
        <DeleteAction
          name={t('otaApps.deleteName', { name: row.name, version: row.version })}
          disabled={!canWrite}
          onDelete={() => remover.mutateAsync(row.id)}
          testId={`ota-app-delete-${row.id}`}
        />
      ),
    },
  ];

  return (
    <div data-testid="ota-apps-page">
      <ListCard
        error={apps.error}
        onRetry={() => void apps.refetch()}
        filters={
          <SearchInput list={list} placeholder={t('otaApps.searchPlaceholder')} testId="ota-app-search" />
        }
        actions={
          <>
            {canPlan ? (
              <Button
                icon={<DeploymentUnitOutlined />}
                onClick={() => navigate('/ota/firmware')}
                data-testid="ota-app-plans"
              >
                {t('otaApps.plans')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button
                type="primary"
                icon={<UploadOutlined />}
                onClick={() => setUploading(true)}
                data-testid="ota-app-upload"
              >
                {t('otaApps.upload')}
              </Button>
            ) : null}
          </>
        }
      >
        <Table<OtaApplicationRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={apps.data?.rows ?? []}
          loading={apps.isPending && !apps.error}
          {...wideTable(columns)}
          locale={{
            emptyText: apps.isPending ? (
              ' '
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  list.search ? (
                    t('otaApps.emptyFiltered')
                  ) : (
                    <Space orientation="vertical" size={4} data-testid="ota-app-empty">
                      <Typography.Text strong>{t('otaApps.emptyTitle')}</Typography.Text>
                      <Typography.Text type="secondary">{t('otaApps.emptyHint')}</Typography.Text>
                    </Space>
                  )
                }
              />
            ),
          }}
          pagination={tablePagination(list, apps.data?.total ?? 0, (total) => t('otaApps.total', { total }))}
          data-testid="ota-app-table"
        />
      </ListCard>
      <UploadModal open={uploading} onClose={() => setUploading(false)} />
    </div>
  );
}
