import {
  CopyOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderOpenOutlined,
  HighlightOutlined,
  PictureOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ScadaKind, ScadaRow } from '@fleet/contracts';
import { App, Button, Empty, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { useCanWrite, usePermission } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard } from '../../accounts/components/ListCard';
import { useTemplates } from '../../devices/api/list-templates';
import { formatTime } from '../../devices/lib/labels';
import { useCopyScada } from './api/copy-scada';
import { useDeleteScada } from './api/delete-scada';
import { useExportScada } from './api/export-scada';
import { useScadaList } from './api/list-scada';
import { CreateModal } from './components/CreateModal';
import { ImportModal } from './components/ImportModal';
import { OpenTemplateModal } from './components/OpenTemplateModal';
import { RenameModal } from './components/RenameModal';
import { scadaViewPath } from './view-path';

/** Who may change SCADA drawings: ScadaManager (docs/api-scada.md), never a read-only account. */
export const SCADA_WRITE = 'ScadaManager';

const THUMB = { width: 72, height: 40, borderRadius: 4, border: '1px solid rgba(5, 5, 5, 0.06)' } as const;

/** A small preview, loaded lazily (a PNG data URL of up to ~200 KB per row). */
function Thumbnail({ src, alt }: { src: string | null; alt: string }) {
  const { t } = useTranslation();
  if (!src) {
    return (
      <Flex
        align="center"
        justify="center"
        title={t('scadaList.noThumbnail')}
        style={{ ...THUMB, background: 'rgba(0, 0, 0, 0.02)', color: 'rgba(0, 0, 0, 0.25)', fontSize: 18 }}
      >
        <PictureOutlined />
      </Flex>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      style={{ ...THUMB, display: 'block', objectFit: 'cover', background: '#e0e0e0' }}
    />
  );
}

/**
 * /scada/app and /scada/template: the drawings of one kind. Open goes to the runtime view (a template
 * asks for the device first); create, import, copy, rename and delete need ScadaManager; export is
 * reading.
 */
export function ScadaListPage({ kind }: { kind: ScadaKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListParams({});
  const query = { page: list.page, limit: list.limit, search: list.search, kind };
  const rows = useScadaList(query);
  const mayWrite = useCanWrite(SCADA_WRITE);
  const mayReadTemplates = usePermission('DeviceTemplate');
  const templates = useTemplates(
    { page: 1, limit: 100, search: '' },
    kind === 'template' && mayReadTemplates,
  );
  const templateNames = useMemo(
    () => new Map((templates.data?.rows ?? []).map((r) => [r.id, r.name] as const)),
    [templates.data],
  );
  const copy = useCopyScada();
  const remove = useDeleteScada();
  const exporting = useExportScada();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState<ScadaRow>();
  const [opening, setOpening] = useState<ScadaRow>();
  const na = t('common.na');
  const filtered = list.search !== '';
  const templateName = (row: ScadaRow) =>
    row.template_id === null ? na : (templateNames.get(row.template_id) ?? `#${row.template_id}`);

  const open = (row: ScadaRow) => {
    if (kind === 'template') setOpening(row);
    else navigate(scadaViewPath(row.id));
  };

  const columns: ColumnsType<ScadaRow> = [
    {
      title: t('scadaList.thumbnail'),
      dataIndex: 'thumbnail',
      width: 100,
      render: (v: string | null, row) => <Thumbnail src={v} alt={row.name} />,
    },
    {
      title: t('scadaList.name'),
      dataIndex: 'name',
      render: (v: string, row) => (
        <Typography.Link onClick={() => open(row)} data-testid="scada-name">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('scadaList.kind'),
      dataIndex: 'kind',
      width: 160,
      render: (v: ScadaKind) => <Tag color={v === 'app' ? 'blue' : 'purple'}>{t(`scadaList.kind_${v}`)}</Tag>,
    },
    ...(kind === 'template'
      ? [
          {
            title: t('scadaList.template'),
            dataIndex: 'template_id',
            width: 220,
            render: (_v: number | null, row: ScadaRow) => templateName(row),
          },
        ]
      : []),
    { title: t('scadaList.version'), dataIndex: 'version', width: 90, render: (v: number) => `v${v}` },
    {
      title: t('scadaList.updated'),
      dataIndex: 'updated_at',
      width: 180,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('scadaList.actions'),
      key: 'actions',
      fixed: 'right',
      width: mayWrite ? 230 : 100,
      render: (_v, row) => (
        <Space size={0} data-testid="scada-row-actions">
          <Tooltip title={t('scadaList.open')}>
            <Button
              type="link"
              size="small"
              icon={<FolderOpenOutlined />}
              onClick={() => open(row)}
              aria-label={t('scadaList.open')}
              data-testid="scada-open"
            />
          </Tooltip>
          <Tooltip title={t('scadaList.export')}>
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              loading={exporting.isPending && exporting.variables === row.id}
              onClick={() =>
                exporting.mutate(row.id, {
                  onSuccess: (r) => void message.success(t('scadaList.exported', { file: r.filename })),
                })
              }
              aria-label={t('scadaList.export')}
              data-testid="scada-export"
            />
          </Tooltip>
          <Permit perm={SCADA_WRITE}>
            <Tooltip title={t('scadaList.design')}>
              <Button
                type="link"
                size="small"
                icon={<HighlightOutlined />}
                onClick={() => navigate(`/scada/design/${kind}?id=${row.id}`)}
                aria-label={t('scadaList.design')}
                data-testid="scada-design"
              />
            </Tooltip>
          </Permit>
          <Permit perm={SCADA_WRITE}>
            <Tooltip title={t('scadaList.copy')}>
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                loading={copy.isPending && copy.variables?.id === row.id}
                onClick={() =>
                  copy.mutate(
                    { id: row.id },
                    { onSuccess: (r) => void message.success(t('scadaList.copied', { name: r.name })) },
                  )
                }
                aria-label={t('scadaList.copy')}
                data-testid="scada-copy"
              />
            </Tooltip>
          </Permit>
          <Permit perm={SCADA_WRITE}>
            <Tooltip title={t('scadaList.rename')}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setRenaming(row)}
                aria-label={t('scadaList.rename')}
                data-testid="scada-rename"
              />
            </Tooltip>
          </Permit>
          {mayWrite && (
            <DeleteAction name={row.name} onDelete={() => remove.mutateAsync(row.id)} testId="scada-delete" />
          )}
        </Space>
      ),
    },
  ];

  const emptyText = rows.isPending ? (
    ' '
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scadaList.emptyFiltered')} />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4}>
          <span>{t(kind === 'app' ? 'scadaList.emptyApps' : 'scadaList.emptyTemplates')}</span>
          {mayWrite && <Typography.Text type="secondary">{t('scadaList.emptyHint')}</Typography.Text>}
        </Flex>
      }
      data-testid="scada-empty"
    />
  );

  return (
    <div data-testid={`scada-${kind}-page`}>
      <ListCard
        error={rows.error}
        onRetry={() => void rows.refetch()}
        filters={
          <SearchInput list={list} placeholder={t('scadaList.searchPlaceholder')} testId="scada-search" />
        }
        actions={
          mayWrite ? (
            <>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="scada-import">
                {t('scadaList.import')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setCreating(true)}
                data-testid="scada-add"
              >
                {t(kind === 'app' ? 'scadaList.addApp' : 'scadaList.addTemplate')}
              </Button>
            </>
          ) : (
            <Typography.Text type="secondary" data-testid="scada-read-only">
              {t('scadaList.readOnlyHint')}
            </Typography.Text>
          )
        }
      >
        <Table<ScadaRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows.data?.rows ?? []}
          loading={rows.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText }}
          pagination={tablePagination(list, rows.data?.total ?? 0, (total) =>
            t('scadaList.total', { total }),
          )}
          data-testid="scada-table"
        />
      </ListCard>
      {mayWrite && <CreateModal kind={kind} open={creating} onClose={() => setCreating(false)} />}
      {mayWrite && <ImportModal kind={kind} open={importing} onClose={() => setImporting(false)} />}
      <RenameModal row={renaming} onClose={() => setRenaming(undefined)} />
      <OpenTemplateModal
        row={opening}
        templateName={opening ? templateName(opening) : undefined}
        onClose={() => setOpening(undefined)}
      />
    </div>
  );
}
