import { SearchOutlined } from '@ant-design/icons';
import { DatePicker, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tablePagination, useDebouncedValue, useListParams } from '../../../shared/hooks/use-list-params';
import { useLoginLog } from '../api/list-login-log';
import type { LoginLogRow } from '../api/types';
import { ListCard, TableEmpty } from '../components/ListCard';
import { formatTime } from '../lib/format';
import { presetRange, RANGE_PRESETS, rangeToQuery } from '../lib/time-ranges';

/** /user/loginLog: sign-in attempts of me and the users below me. */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const list = useListParams<{ success?: 'true' | 'false' }>({});
  const [username, setUsername] = useState('');
  const debouncedUser = useDebouncedValue(username.trim());
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = { ...list.query, username: debouncedUser, ...rangeToQuery(range) };
  const rows = useLoginLog(query);
  const na = t('common.na');
  const filtered = debouncedUser !== '' || range !== null || list.filters.success !== undefined;

  return (
    <div data-testid="login-log-page">
      <ListCard
        error={rows.error}
        onRetry={() => void rows.refetch()}
        filters={
          <>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('accounts.loginLog.usernamePlaceholder')}
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                list.onPageChange(1, list.limit);
              }}
              style={{ width: 200 }}
              data-testid="login-log-username"
            />
            <Select
              allowClear
              placeholder={t('accounts.loginLog.result')}
              aria-label={t('accounts.loginLog.result')}
              value={list.filters.success}
              onChange={(v) => list.setFilter('success', v)}
              options={[
                { value: 'true', label: t('accounts.loginLog.success') },
                { value: 'false', label: t('accounts.loginLog.failure') },
              ]}
              style={{ width: 120 }}
              data-testid="login-log-success"
            />
            <span data-testid="login-log-range">
              <DatePicker.RangePicker
                showTime
                value={range}
                onChange={(v) => {
                  setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
                  list.onPageChange(1, list.limit);
                }}
                presets={RANGE_PRESETS.map((p) => ({
                  label: t(`accounts.ranges.${p}`),
                  value: () => presetRange(p),
                }))}
              />
            </span>
          </>
        }
      >
        <Table<LoginLogRow>
          rowKey="id"
          size="middle"
          dataSource={rows.data?.rows ?? []}
          loading={rows.isFetching}
          locale={{ emptyText: rows.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, rows.data?.total ?? 0, (total) =>
            t('accounts.common.total', { total }),
          )}
          scroll={{ x: 900 }}
          data-testid="login-log-table"
          columns={[
            {
              title: t('accounts.loginLog.time'),
              dataIndex: 'at',
              width: 180,
              render: (v) => formatTime(v, na),
            },
            {
              title: t('accounts.loginLog.username'),
              dataIndex: 'username',
              width: 160,
              render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
            },
            {
              title: t('accounts.loginLog.result'),
              dataIndex: 'success',
              width: 100,
              render: (v: boolean) => (
                <Tag color={v ? 'success' : 'error'}>
                  {v ? t('accounts.loginLog.success') : t('accounts.loginLog.failure')}
                </Tag>
              ),
            },
            { title: t('accounts.loginLog.ip'), dataIndex: 'ip', width: 150, render: (v) => v || na },
            {
              title: t('accounts.loginLog.reason'),
              dataIndex: 'reason',
              width: 200,
              render: (v: string | null) =>
                v ? t(`accounts.loginLog.reasons.${v}`, { defaultValue: v }) : na,
            },
            {
              title: t('accounts.loginLog.userAgent'),
              dataIndex: 'user_agent',
              ellipsis: { showTitle: false },
              render: (v?: string | null) =>
                v ? (
                  <Tooltip title={v}>
                    <span>{v}</span>
                  </Tooltip>
                ) : (
                  na
                ),
            },
          ]}
        />
      </ListCard>
    </div>
  );
}
