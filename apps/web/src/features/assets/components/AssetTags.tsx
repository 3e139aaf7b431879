import type { AssetRow } from '@fleet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS = ['success', 'default', 'warning', 'error'] as const;

/** In warranty / expires in N days / out of warranty / no warranty date. */
export function WarrantyTag({ row }: { row: Pick<AssetRow, 'warranty' | 'warranty_days'> }) {
  const { t } = useTranslation();
  const days = row.warranty_days ?? 0;
  const [color, text] =
    row.warranty === 'in'
      ? ['success', t('assets.warranty.in')]
      : row.warranty === 'expiring'
        ? [
            'warning',
            days === 0 ? t('assets.warranty.expiresToday') : t('assets.warranty.expiresIn', { count: days }),
          ]
        : row.warranty === 'out'
          ? ['error', t('assets.warranty.out')]
          : ['default', t('assets.warranty.none')];
  return (
    <Tag color={color} data-testid="asset-warranty" data-state={row.warranty}>
      {text}
    </Tag>
  );
}

export function AssetStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`assets.status.${status}`)}</Tag>;
}
