import type { CommandRow } from '@fleet/contracts';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { tablePagination } from '../../../shared/hooks/use-list-params';
import { useCommands } from '../api/commands';
import { formatTime } from '../lib/labels';
import { CommandStatusTag } from './CommandStatusTag';

const valueText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** Command history of one device (GET /device/cmd), newest first. */
export function CommandsTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const list = useCommands(deviceId, paging);
  const na = t('common.na');
  return (
    <Flex vertical gap={12} data-testid="device-commands">
      {list.error ? <LoadError onRetry={() => void list.refetch()} /> : null}
      <Table<CommandRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 900 }}
        pagination={tablePagination(
          {
            ...paging,
            onPageChange: (page, limit) => setPaging((p) => ({ page: p.limit === limit ? page : 1, limit })),
          },
          list.data?.total ?? 0,
          (total) => t('devices.common.total', { total }),
        )}
        locale={{
          emptyText: list.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.common.empty')} />
          ),
        }}
        data-testid="commands-table"
        columns={[
          {
            title: t('devices.cmd.time'),
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => formatTime(v, na),
          },
          {
            title: t('devices.cmd.kind'),
            dataIndex: 'kind',
            width: 90,
            render: (v: string) => (
              <Tag>{t(`devices.cmd.kind_${v === 'refresh' ? 'refresh' : 'write'}`)}</Tag>
            ),
          },
          {
            title: t('devices.cmd.point'),
            key: 'point',
            width: 170,
            render: (_v, r) =>
              r.point_name ? (
                <span>
                  {r.point_title || r.point_name}{' '}
                  {r.point_title ? (
                    <Typography.Text type="secondary">({r.point_name})</Typography.Text>
                  ) : null}
                </span>
              ) : (
                na
              ),
          },
          {
            title: t('devices.cmd.value'),
            dataIndex: 'value',
            width: 110,
            render: (v: unknown) => <Typography.Text code>{valueText(v) || na}</Typography.Text>,
          },
          {
            title: t('devices.cmd.statusCol'),
            dataIndex: 'status',
            width: 120,
            render: (v: string) => <CommandStatusTag status={v} />,
          },
          {
            title: t('devices.cmd.error'),
            dataIndex: 'error',
            ellipsis: true,
            render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : null),
          },
          {
            title: t('devices.cmd.answered'),
            dataIndex: 'answered_at',
            width: 170,
            render: (v: string | null) => formatTime(v, na),
          },
        ]}
      />
    </Flex>
  );
}
