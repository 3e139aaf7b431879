import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { LoadError } from '../../../shared/components/LoadError';
import { useAsset } from '../api/asset';
import { AssetDetailView } from '../components/AssetDetailView';

/** /maintenance/asset/:id: one asset on a page of its own, what a scanned QR label opens. */
export default function AssetDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = useAsset(Number.isInteger(id) && id > 0 ? id : null);
  const missing = !(id > 0) || (detail.error instanceof ApiError && detail.error.status === 404);
  const back = (
    <Link to="/maintenance/asset">
      <Button icon={<ArrowLeftOutlined />}>{t('assets.backToList')}</Button>
    </Link>
  );
  if (missing)
    return <Result status="404" title={t('assets.notFound')} extra={back} data-testid="asset-missing" />;
  return (
    <Card style={{ maxWidth: 760 }} styles={{ body: { padding: 16 } }} data-testid="asset-page">
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="asset-page-title">
            {detail.data ? `${detail.data.code} · ${detail.data.name}` : t('assets.detail')}
          </Typography.Title>
          {back}
        </Flex>
        {detail.error ? <LoadError onRetry={() => void detail.refetch()} /> : null}
        {detail.data ? (
          <AssetDetailView asset={detail.data} onDeleted={() => void navigate('/maintenance/asset')} />
        ) : (
          !detail.error && <Skeleton active />
        )}
      </Flex>
    </Card>
  );
}
