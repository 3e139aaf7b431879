import { EditOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { SearchInput } from '../../../shared/components/SearchInput';
import { tablePagination, useListParams } from '../../../shared/hooks/use-list-params';
import { Permit } from '../../../shared/permission/Permit';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { useAuthList } from '../../auth/api/get-auth-list';
import { useUserInfo } from '../../auth/api/get-user-info';
import { useSystemConfig } from '../../system/api/get-system-config';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/list-roles';
import type { Role } from '../api/types';
import { ListCard, TableEmpty } from '../components/ListCard';
import { RoleDrawer } from '../components/RoleDrawer';
import { formatTime } from '../lib/format';
import { permissionKey } from '../lib/permission-tree';

/** /user/authgroup: roles owned by my data owner, with their permissions and user counts. */
export default function RolesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUserInfo();
  const authList = useAuthList();
  const config = useSystemConfig();
  const list = useListParams<Record<string, never>>({});
  const roles = useRoles(list.query);
  const remove = useDeleteRole();
  const canDelete = useCanWrite('auth.Group/delete');
  const [drawer, setDrawer] = useState<{ open: boolean; role?: Role }>({ open: false });
  const na = t('common.na');
  const showRules = me.data?.user_type === 0 && config.data?.modules.authRule === true;

  const columns: ColumnsType<Role> = [
    {
      title: t('accounts.roles.name'),
      dataIndex: 'name',
      width: 180,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('accounts.roles.permissions'),
      dataIndex: 'permissions',
      render: (perms: string[]) => (
        <div className="role-perms">
          <Tag color="blue">{t('accounts.roles.permissionCount', { count: perms.length })}</Tag>
          {perms.slice(0, 6).map((p) => (
            <Tag key={p}>{t(permissionKey(p))}</Tag>
          ))}
          {perms.length > 6 && <Tag>+{perms.length - 6}</Tag>}
        </div>
      ),
    },
    {
      title: t('accounts.roles.userCount'),
      dataIndex: 'user_count',
      width: 100,
      align: 'right',
      render: (v: number) => <span data-testid="role-user-count">{v}</span>,
    },
    {
      title: t('accounts.common.remark'),
      dataIndex: 'remark',
      width: 180,
      ellipsis: true,
      render: (v) => v || na,
    },
    {
      title: t('accounts.common.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('accounts.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Permit perm="auth.Group/edit" mode="disable">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDrawer({ open: true, role: row })}
              data-testid="role-edit"
              title={t('accounts.common.edit')}
              aria-label={t('accounts.common.edit')}
            />
          </Permit>
          <DeleteAction
            name={row.name}
            description={
              row.user_count > 0 ? t('accounts.roles.inUse', { count: row.user_count }) : undefined
            }
            disabled={!canDelete}
            onDelete={() => remove.mutateAsync(row.id)}
            testId="role-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="roles-page">
      <ListCard
        error={roles.error}
        onRetry={() => void roles.refetch()}
        filters={
          <SearchInput
            list={list}
            placeholder={t('accounts.roles.searchPlaceholder')}
            testId="roles-search"
          />
        }
        actions={
          <>
            {showRules && (
              <Button icon={<SafetyCertificateOutlined />} onClick={() => navigate('/user/authrule')}>
                {t('menu.rules')}
              </Button>
            )}
            <Permit perm="auth.Group/add" mode="disable">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ open: true })}
                data-testid="role-add"
              >
                {t('accounts.roles.add')}
              </Button>
            </Permit>
          </>
        }
      >
        <Table<Role>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={roles.data?.rows ?? []}
          loading={roles.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: roles.isPending ? ' ' : <TableEmpty filtered={list.search !== ''} /> }}
          pagination={tablePagination(list, roles.data?.total ?? 0, (total) =>
            t('accounts.common.total', { total }),
          )}
          data-testid="roles-table"
        />
      </ListCard>
      <RoleDrawer
        open={drawer.open}
        role={drawer.role}
        held={authList.data ?? []}
        myRoles={me.data?.roles ?? []}
        onClose={() => setDrawer({ open: false })}
      />
    </div>
  );
}
