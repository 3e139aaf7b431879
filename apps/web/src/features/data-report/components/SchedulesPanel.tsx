import { EditOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportScheduleRow } from '@fleet/contracts';
import { App, Button, Empty, Flex, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../shared/api/client';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { LoadError } from '../../../shared/components/LoadError';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { wideTable } from '../../../shared/table/wide-table';
import { formatTime } from '../../devices/lib/labels';
import { showExportStarted } from '../../file-download/components/export-started';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useRunSchedule } from '../api/run-schedule';
import { useSchedules } from '../api/schedules';
import { useToggleSchedule } from '../api/toggle-schedule';
import { minuteToHHmm } from '../lib/schedule-time';
import { ScheduleDrawer } from './ScheduleDrawer';

/** The caller's scheduled reports: list, add / edit, enable, run now, delete. */
export function SchedulesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListParams<object>({});
  const schedules = useSchedules({ page: list.page, limit: list.limit });
  const remove = useDeleteSchedule();
  const run = useRunSchedule();
  const toggle = useToggleSchedule();
  const [drawer, setDrawer] = useState<{ open: boolean; schedule?: ReportScheduleRow }>({ open: false });
  const na = t('common.na');

  const runNow = (row: ReportScheduleRow) =>
    run
      .mutateAsync(row.id)
      .then(() =>
        showExportStarted(message, t, (path) => void navigate(path), t('dataReport.schedule.runStarted')),
      )
      .catch((error: unknown) => notifyError(error));

  const columns: ColumnsType<ReportScheduleRow> = [
    { title: t('dataReport.schedule.name'), dataIndex: 'name', width: 160, ellipsis: true },
    {
      title: t('dataReport.schedule.subject'),
      dataIndex: 'subject_title',
      width: 180,
      render: (v: string, row) => (
        <Space size={4}>
          <Tag variant="filled">{t(`dataReport.subject.${row.group_id !== null ? 'group' : 'device'}`)}</Tag>
          <span>{v || na}</span>
        </Space>
      ),
    },
    {
      title: t('dataReport.schedule.period'),
      dataIndex: 'period',
      width: 90,
      render: (v: string) => t(`dataReport.period.${v}`),
    },
    {
      title: t('dataReport.schedule.points'),
      dataIndex: 'point_names',
      width: 160,
      ellipsis: true,
      render: (v: string[]) => (v.length ? v.join(', ') : t('dataReport.schedule.allPoints')),
    },
    {
      title: t('dataReport.schedule.sendAt'),
      dataIndex: 'send_at_minute',
      width: 90,
      render: (v: number, row) => (
        <Tooltip title={row.tz}>
          <span>{minuteToHHmm(v)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('dataReport.schedule.contacts'),
      dataIndex: 'contact_ids',
      width: 90,
      align: 'right',
      render: (v: number[]) => v.length,
    },
    {
      title: t('dataReport.schedule.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (v: boolean, row) => (
        <Permit mode="disable">
          <Switch
            size="small"
            checked={v}
            loading={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(enabled) => void toggle.mutateAsync({ id: row.id, enabled }).catch(() => undefined)}
            data-testid={`schedule-enabled-${row.id}`}
          />
        </Permit>
      ),
    },
    {
      title: t('dataReport.schedule.nextRun'),
      dataIndex: 'next_run_at',
      width: 170,
      render: (v: string, row) => (row.enabled ? formatTime(v, na) : na),
    },
    {
      title: t('dataReport.schedule.lastRun'),
      dataIndex: 'last_run_at',
      width: 170,
      render: (v: string | null) => (v ? formatTime(v, na) : t('dataReport.schedule.never')),
    },
    {
      title: t('dataReport.schedule.lastError'),
      dataIndex: 'last_error',
      width: 180,
      ellipsis: { showTitle: false },
      render: (v: string) =>
        v ? (
          <Tooltip title={v}>
            <Typography.Text type="danger" data-testid="schedule-last-error">
              {v}
            </Typography.Text>
          </Tooltip>
        ) : (
          na
        ),
    },
    {
      title: t('dataReport.schedule.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title={t('common.edit')}>
            <Permit mode="disable">
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                onClick={() => setDrawer({ open: true, schedule: row })}
                data-testid={`schedule-edit-${row.id}`}
              />
            </Permit>
          </Tooltip>
          <Tooltip title={t('dataReport.schedule.run')}>
            <Button
              type="link"
              size="small"
              icon={<PlayCircleOutlined />}
              aria-label={t('dataReport.schedule.run')}
              loading={run.isPending && run.variables === row.id}
              onClick={() => void runNow(row)}
              data-testid={`schedule-run-${row.id}`}
            />
          </Tooltip>
          <DeleteAction
            name={t('dataReport.schedule.deleteName', { name: row.name })}
            onDelete={() => remove.mutateAsync(row.id)}
            testId={`schedule-delete-${row.id}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="schedules-panel">
      <Flex justify="flex-end">
        <Permit mode="disable">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true })}
            data-testid="schedule-add"
          >
            {t('dataReport.schedule.add')}
          </Button>
        </Permit>
      </Flex>
      {schedules.error ? (
        <LoadError onRetry={() => void schedules.refetch()} testId="schedules-error" />
      ) : null}
      <Table<ReportScheduleRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={schedules.data?.rows ?? []}
        loading={schedules.isFetching}
        {...wideTable(columns)}
        locale={{
          emptyText: schedules.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataReport.schedule.empty')} />
          ),
        }}
        pagination={tablePagination(list, schedules.data?.total ?? 0, (total) =>
          t('dataReport.schedule.total', { total }),
        )}
        data-testid="schedules-table"
      />
      <ScheduleDrawer
        open={drawer.open}
        schedule={drawer.schedule}
        onClose={() => setDrawer({ open: false })}
      />
    </Flex>
  );
}
