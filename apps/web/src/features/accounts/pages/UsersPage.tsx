import { EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { lowerTiersOf, type UserType } from '@fleet/contracts';
import { App, Button, Segmented, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { QueryState } from '../../../shared/components/PageContainer';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { useUserInfo } from '../../auth/api/get-user-info';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import type { UserRow } from '../api/types';
import { useUpdateUser } from '../api/update-user';
import { ListCard, TableEmpty } from '../components/ListCard';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserDrawer } from '../components/UserDrawer';
import { formatDate, formatTime } from '../lib/format';
import { TIER_COLORS } from '../lib/tiers';

interface Filters {
  user_type?: number;
  status?: number;
  subuser?: 'true' | 'false';
}

/** /user/authuser: the users below me (docs/api-accounts.md GET /auth/user). */
export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useUserInfo();
  const list = useListParams<Filters>({});
  const users = useUsers(list.query);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const canEdit = useCanWrite('auth.User/edit');
  const canDelete = useCanWrite('auth.User/delete');
  const [drawer, setDrawer] = useState<{ open: boolean; user?: UserRow }>({ open: false });
  const [resetFor, setResetFor] = useState<UserRow | null>(null);
  const na = t('common.na');
  const myType = (me.data?.user_type ?? 0) as UserType;
  const tierOptions = [myType, ...lowerTiersOf(myType)].map((v) => ({ value: v, label: t(`userType.${v}`) }));
  const filtered =
    list.search !== '' ||
    list.filters.user_type !== undefined ||
    list.filters.status !== undefined ||
    list.filters.subuser !== undefined;

  const setStatus = (row: UserRow, on: boolean) =>
    update.mutate(
      { id: row.user_id, body: { status: on ? 1 : 0 } },
      { onSuccess: () => void message.success(t('accounts.users.statusChanged')) },
    );

  const columns: ColumnsType<UserRow> = [
    {
      title: t('accounts.users.username'),
      dataIndex: 'username',
      fixed: 'left',
      width: 150,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('accounts.users.nickName'),
      dataIndex: 'nick_name',
      width: 130,
      render: (v: string) => v || na,
    },
    {
      title: t('accounts.users.tier'),
      dataIndex: 'user_type',
      width: 130,
      render: (v: number, row) => (
        <Space size={4} wrap>
          <Tag color={TIER_COLORS[v]} data-testid="user-tier">
            {t(`userType.${v}`)}
          </Tag>
          {row.is_subuser && (
            <Tag color="purple" data-testid="user-subuser">
              {t('accounts.users.subuser')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('accounts.users.status'),
      dataIndex: 'status',
      width: 140,
      render: (v: number, row) => (
        <Switch
          size="small"
          checked={v === 1}
          disabled={!canEdit}
          loading={update.isPending && update.variables?.id === row.user_id}
          onChange={(on) => setStatus(row, on)}
          checkedChildren={t('accounts.users.enabled')}
          unCheckedChildren={t('accounts.users.disabled')}
          data-testid="user-status"
        />
      ),
    },
    {
      title: t('accounts.users.roles'),
      dataIndex: 'roles',
      width: 180,
      render: (roles: UserRow['roles']) =>
        roles.length === 0 ? (
          <Typography.Text type="secondary">{na}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {roles.map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('accounts.users.expire'),
      dataIndex: 'user_expire',
      width: 120,
      render: (v: number | null) => {
        if (v === null)
          return <Typography.Text type="secondary">{t('accounts.common.never')}</Typography.Text>;
        const expired = v * 1000 < Date.now();
        return <Typography.Text type={expired ? 'danger' : undefined}>{formatDate(v, na)}</Typography.Text>;
      },
    },
    {
      title: t('accounts.users.company'),
      dataIndex: 'company',
      width: 160,
      ellipsis: true,
      render: (v) => v || na,
    },
    { title: t('accounts.users.phone'), dataIndex: 'phone', width: 130, render: (v) => v || na },
    {
      title: t('accounts.users.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('accounts.users.lastLogin'),
      dataIndex: 'login_time',
      width: 170,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('accounts.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_v, row) => (
        <Space size={0}>
          <Permit perm="auth.User/edit" mode="disable">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDrawer({ open: true, user: row })}
              data-testid="user-edit"
              title={t('accounts.common.edit')}
              aria-label={t('accounts.common.edit')}
            />
          </Permit>
          <Permit perm="auth.User/edit" mode="disable">
            <Button
              type="link"
              size="small"
              icon={<KeyOutlined />}
              onClick={() => setResetFor(row)}
              data-testid="user-reset-password"
              title={t('accounts.users.resetPassword')}
              aria-label={t('accounts.users.resetPassword')}
            />
          </Permit>
          <DeleteAction
            name={row.username}
            description={
              row.children_count > 0
                ? t('accounts.users.deleteHasChildren', { count: row.children_count })
                : undefined
            }
            disabled={!canDelete}
            onDelete={() => remove.mutateAsync(row.user_id)}
            testId="user-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="users-page">
      <QueryState loading={me.isPending} error={me.error}>
        <ListCard
          error={users.error}
          onRetry={() => void users.refetch()}
          filters={
            <>
              <SearchInput
                list={list}
                placeholder={t('accounts.users.searchPlaceholder')}
                width={260}
                testId="users-search"
              />
              <Select
                allowClear
                placeholder={t('accounts.users.tier')}
                aria-label={t('accounts.users.tier')}
                value={list.filters.user_type}
                onChange={(v) => list.setFilter('user_type', v)}
                options={tierOptions}
                style={{ width: 150 }}
                data-testid="users-filter-tier"
              />
              <Select
                allowClear
                placeholder={t('accounts.users.status')}
                aria-label={t('accounts.users.status')}
                value={list.filters.status}
                onChange={(v) => list.setFilter('status', v)}
                options={[
                  { value: 1, label: t('accounts.users.enabled') },
                  { value: 0, label: t('accounts.users.disabled') },
                ]}
                style={{ width: 120 }}
                data-testid="users-filter-status"
              />
              <Segmented
                value={list.filters.subuser ?? 'all'}
                onChange={(v) => list.setFilter('subuser', v === 'all' ? undefined : (v as 'true' | 'false'))}
                options={[
                  { value: 'all', label: t('accounts.users.kindAll') },
                  { value: 'true', label: t('accounts.users.kindSub') },
                  { value: 'false', label: t('accounts.users.kindCustomers') },
                ]}
                data-testid="users-filter-kind"
              />
            </>
          }
          actions={
            <Permit perm="auth.User/add" mode="disable">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ open: true })}
                data-testid="user-add"
              >
                {t('accounts.users.add')}
              </Button>
            </Permit>
          }
        >
          <Table<UserRow>
            rowKey="user_id"
            size="middle"
            columns={columns}
            dataSource={users.data?.rows ?? []}
            loading={users.isFetching}
            {...wideTable(columns)}
            locale={{ emptyText: users.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
            pagination={tablePagination(list, users.data?.total ?? 0, (total) =>
              t('accounts.common.total', { total }),
            )}
            data-testid="users-table"
          />
        </ListCard>
        {me.data && (
          <UserDrawer
            open={drawer.open}
            user={drawer.user}
            me={me.data}
            onClose={() => setDrawer({ open: false })}
          />
        )}
        <ResetPasswordModal user={resetFor} onClose={() => setResetFor(null)} />
      </QueryState>
    </div>
  );
}
