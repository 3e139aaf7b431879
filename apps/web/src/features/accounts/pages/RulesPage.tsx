import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/components/PageContainer';
import { useRules } from '../api/get-rules';
import type { RuleGroup } from '../api/types';
import { groupKey, permissionKey } from '../lib/permission-tree';

/** /user/authrule: the permission catalogue, read-only (platform only). */
export default function RulesPage() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <div data-testid="rules-page">
      <Card
        title={t('accounts.rules.title')}
        extra={<Typography.Text type="secondary">{t('accounts.rules.description')}</Typography.Text>}
      >
        <QueryState loading={rules.isPending} error={rules.error} onRetry={() => void rules.refetch()}>
          <Table<RuleGroup>
            rowKey="group"
            size="middle"
            pagination={false}
            dataSource={rules.data ?? []}
            columns={[
              {
                title: t('accounts.rules.group'),
                dataIndex: 'group',
                width: 200,
                render: (g: string) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{t(groupKey(g))}</Typography.Text>
                    <Typography.Text type="secondary" code>
                      {g}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('accounts.rules.permission'),
                dataIndex: 'permissions',
                render: (perms: string[]) => (
                  <Space size={[6, 6]} wrap>
                    {perms.map((p) => (
                      <Tag key={p} className="rule-tag">
                        {t(permissionKey(p))} <span className="perm-code">{p}</span>
                      </Tag>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </QueryState>
      </Card>
    </div>
  );
}
