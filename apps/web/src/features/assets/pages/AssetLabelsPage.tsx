import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { ASSET_LABELS_MAX } from '@fleet/contracts';
import { Button, Empty, Flex, QRCode, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../shared/components/LoadError';
import { assetUrl, useAssets } from '../api/assets';
import './labels.css';

/** The ids of `?ids=1,2,3` (at most ASSET_LABELS_MAX, duplicates dropped). */
export function labelIds(param: string | null): number[] {
  const ids = (param ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, ASSET_LABELS_MAX);
}

/**
 * /maintenance/asset/labels?ids=…: printable QR labels (asset code, name, a QR code of the asset's page)
 * outside the shell; the print stylesheet (labels.css) prints only the labels, none split over pages.
 */
export default function AssetLabelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = labelIds(useSearchParams()[0].get('ids'));
  const assets = useAssets({ page: 1, limit: 100, ids: ids.join(',') }, ids.length > 0);
  const rows = [...(assets.data?.rows ?? [])].sort((a, b) => a.code.localeCompare(b.code));

  return (
    <div className="asset-labels-page" data-testid="asset-labels-page">
      <Flex className="asset-labels-toolbar" gap={8} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/maintenance/asset')}>
          {t('assets.labels.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
          {t('assets.labels.title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={rows.length === 0}
          onClick={() => window.print()}
          data-testid="asset-labels-print"
        >
          {t('assets.labels.print')}
        </Button>
      </Flex>
      {assets.error ? <LoadError onRetry={() => void assets.refetch()} /> : null}
      {ids.length > 0 && assets.isPending ? (
        <Skeleton active />
      ) : rows.length === 0 && !assets.error ? (
        <Empty description={t('assets.labels.none')} />
      ) : (
        <div className="asset-labels">
          {rows.map((a) => (
            <div className="asset-label" key={a.id} data-testid="asset-label">
              <QRCode
                type="svg"
                value={assetUrl(a.id)}
                size={98}
                bordered={false}
                bgColor="#ffffff"
                color="#000000"
                data-testid="asset-label-qr"
                data-value={assetUrl(a.id)}
              />
              <div className="asset-label-text">
                <div className="asset-label-code">{a.code}</div>
                <div className="asset-label-name">{a.name}</div>
                <div className="asset-label-hint">{t('assets.labels.hint')}</div>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
