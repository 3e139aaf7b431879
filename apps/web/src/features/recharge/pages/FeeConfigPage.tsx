import type { FeeChildRow, FeePrices } from '@fleet/contracts';
import { Button, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../../shared/permission/permission';
import { wideTable } from '../../../shared/table/wide-table';
import { ListCard } from '../../accounts/components/ListCard';
import { useFeeConfig } from '../api/get-fee-config';
import { BasePricesCard, PRICE_KEYS } from '../components/BasePricesCard';
import { ChildFeesDrawer } from '../components/ChildFeesDrawer';
import { CreditDrawer } from '../components/CreditDrawer';
import { yuan } from '../lib/money';

/** A price with its margin under it (what I earn per unit from this account). */
function PriceCell({ price, margin }: { price: number; margin: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <span>{yuan(price)}</span>
      <Typography.Text type={margin < 0 ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('recharge.feeConfig.marginOf', { margin: yuan(margin) })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * /user/feeConfig (module feeConfig, auth.User/edit): the platform's base prices, my own cost and
 * what each account directly below me pays, with my margin; a drawer sets an account's fees.
 */
export default function FeeConfigPage() {
  const { t } = useTranslation();
  const config = useFeeConfig();
  const canEdit = useCanWrite('auth.User/edit');
  const canCredit = useCanWrite('Recharge/balance');
  const [editing, setEditing] = useState<FeeChildRow | null>(null);
  const [crediting, setCrediting] = useState<FeeChildRow | null>(null);
  const view = config.data;
  const cost: FeePrices | null = view?.own?.prices ?? null;

  const columns: ColumnsType<FeeChildRow> = [
    {
      title: t('recharge.feeConfig.account'),
      dataIndex: 'username',
      width: 200,
      render: (_v, r) => (
        <Flex vertical>
          <span>{r.username}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.nick_name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('recharge.feeConfig.rent_fee'),
      width: 170,
      render: (_v, r) => (
        <Flex vertical gap={2}>
          <PriceCell price={r.prices.rent_fee} margin={r.margin.rent_fee} />
          {r.fees.rent_fee === 0 ? (
            <Tag style={{ width: 'fit-content' }}>
              {t(view?.own ? 'recharge.feeConfig.inherits' : 'recharge.feeConfig.basePrice')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    ...(['sms_price', 'voice_price', 'scada_price'] as const).map((k) => ({
      title: t(`recharge.feeConfig.${k}`),
      width: 150,
      render: (_v: unknown, r: FeeChildRow) => <PriceCell price={r.prices[k]} margin={r.margin[k]} />,
    })),
    {
      title: t('recharge.feeConfig.discounts'),
      width: 160,
      render: (_v, r) => `${r.fees.sms_discount}% / ${r.fees.voice_discount}% / ${r.fees.scada_discount}%`,
    },
    ...(canEdit || canCredit
      ? [
          {
            title: t('recharge.feeConfig.actions'),
            width: 140,
            fixed: 'right' as const,
            render: (_v: unknown, r: FeeChildRow) => (
              <Flex gap={4}>
                {canEdit ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(r)}
                    data-testid={`fees-edit-${r.user_id}`}
                  >
                    {t('common.edit')}
                  </Button>
                ) : null}
                {canCredit ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setCrediting(r)}
                    data-testid={`fees-credit-${r.user_id}`}
                  >
                    {t('recharge.credit.action')}
                  </Button>
                ) : null}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="fee-config-page">
      {view ? <BasePricesCard base={view.base} editable={view.can_edit_base} /> : null}
      {view?.own ? (
        <Card title={t('recharge.feeConfig.ownCost')} size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            items={PRICE_KEYS.map((k) => ({
              key: k,
              label: t(`recharge.feeConfig.${k}`),
              children: <span data-testid={`own-${k}`}>{yuan(view.own!.prices[k])}</span>,
            }))}
          />
        </Card>
      ) : null}
      <ListCard error={config.error} onRetry={() => void config.refetch()}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('recharge.feeConfig.children')}
        </Typography.Title>
        <Table<FeeChildRow>
          rowKey="user_id"
          size="middle"
          columns={columns}
          dataSource={view?.children ?? []}
          loading={config.isFetching}
          {...wideTable(columns)}
          pagination={false}
          data-testid="fee-children-table"
        />
      </ListCard>
      <ChildFeesDrawer child={editing} cost={cost} onClose={() => setEditing(null)} />
      <CreditDrawer
        child={crediting}
        platform={view ? view.own === null : false}
        onClose={() => setCrediting(null)}
      />
    </Flex>
  );
}
