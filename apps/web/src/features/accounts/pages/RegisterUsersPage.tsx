import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { useRegisterUsers } from '../api/list-register-users';
import type { RegisterUserRow } from '../api/types';
import { ListCard, TableEmpty } from '../components/ListCard';
import { formatTime } from '../lib/format';

/** /user/registerUser: self-registered users (type 5) below me, with registration time and bound devices. */
export default function RegisterUsersPage() {
  const { t } = useTranslation();
  const list = useListParams<Record<string, never>>({});
  const rows = useRegisterUsers(list.query);
  const na = t('common.na');
  return (
    <div data-testid="register-users-page">
      <ListCard
        error={rows.error}
        onRetry={() => void rows.refetch()}
        filters={
          <SearchInput list={list} placeholder={t('accounts.register.searchPlaceholder')} width={260} />
        }
      >
        <Table<RegisterUserRow>
          rowKey="user_id"
          size="middle"
          dataSource={rows.data?.rows ?? []}
          loading={rows.isFetching}
          locale={{ emptyText: rows.isPending ? ' ' : <TableEmpty filtered={list.search !== ''} /> }}
          pagination={tablePagination(list, rows.data?.total ?? 0, (total) =>
            t('accounts.common.total', { total }),
          )}
          columns={[
            {
              title: t('accounts.users.username'),
              dataIndex: 'username',
              render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
            },
            { title: t('accounts.users.nickName'), dataIndex: 'nick_name', render: (v) => v || na },
            { title: t('accounts.users.phone'), dataIndex: 'phone', render: (v) => v || na },
            {
              title: t('accounts.users.status'),
              dataIndex: 'status',
              render: (v: number) =>
                v === undefined ? na : <Tag color={v === 1 ? 'green' : 'red'}>{t(`userStatus.${v}`)}</Tag>,
            },
            {
              title: t('accounts.register.registerAt'),
              dataIndex: 'registerAt',
              render: (v: string) => formatTime(v, na),
            },
            {
              title: t('accounts.register.boundDevices'),
              dataIndex: 'bound_devices',
              align: 'right',
              render: (v: number) => v ?? 0,
            },
          ]}
        />
      </ListCard>
    </div>
  );
}
