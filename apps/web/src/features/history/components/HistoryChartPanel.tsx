import { Button, Empty, Flex, Skeleton, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { useHistorySeries } from '../api/history-series';
import type { Window } from '../lib/history-params';
import type { PointMeta } from '../lib/point-meta';
import {
  bucketText,
  historyChartOption,
  isEmptyAnswer,
  mergeWindow,
  windowOfZoom,
} from '../lib/series-option';
import { ZoomableChart, type ZoomEvent } from './ZoomableChart';

const CHART_HEIGHT = 440;

/**
 * The chart tab: the whole range as the overview; zooming into a window loads that window again at a
 * finer bucket width (unless the overview already holds raw values) and draws it inside the overview.
 * Keyed by its query in the page, so a new device, point list, range or function starts unzoomed.
 */
export function HistoryChartPanel({
  pointIds,
  range,
  fn,
  metas,
}: {
  pointIds: number[];
  range: Window;
  fn: string;
  metas: ReadonlyMap<number, PointMeta>;
}) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<Window | null>(null);
  const base = useHistorySeries({ pointIds, window: range, fn });
  const aggregated = (base.data?.answer.bucket_ms ?? 0) > 0;
  const detail = useHistorySeries(zoom && aggregated ? { pointIds, window: zoom, fn } : null, true);
  const detailData = zoom && aggregated ? detail.data : undefined;
  const na = t('common.na');

  const series = useMemo(
    () => mergeWindow(base.data?.answer.series ?? [], detailData?.answer.series, detailData?.window),
    [base.data, detailData],
  );
  const option = useMemo(
    () => historyChartOption({ series, metas, range, zoom, na }),
    [series, metas, range, zoom, na],
  );

  if (base.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (base.error) return <LoadError onRetry={() => void base.refetch()} testId="history-chart-error" />;
  if (isEmptyAnswer(base.data.answer.series))
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('history.noData')}
        style={{ padding: '64px 0' }}
        data-testid="history-chart-empty"
      />
    );

  const bucket = bucketText(detailData?.answer.bucket_ms ?? base.data.answer.bucket_ms);
  const onZoom = (event: ZoomEvent) => setZoom(windowOfZoom(event, range));
  return (
    <Spin spinning={base.isFetching || detail.isFetching} delay={200}>
      <ZoomableChart
        option={option}
        onZoom={onZoom}
        height={CHART_HEIGHT}
        testId="history-chart"
        ariaLabel={t('history.tab.chart')}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="history-bucket">
          {bucket.unitKey
            ? t(bucket.key, { width: t(bucket.unitKey, { count: bucket.count }) })
            : t(bucket.key)}
        </Typography.Text>
        <Flex align="center" gap={8}>
          {detail.error ? <LoadError onRetry={() => void detail.refetch()} /> : null}
          <Typography.Text type="secondary">{t('history.zoomHint')}</Typography.Text>
          <Button
            size="small"
            disabled={!zoom}
            onClick={() => setZoom(null)}
            data-testid="history-reset-zoom"
          >
            {t('history.resetZoom')}
          </Button>
        </Flex>
      </Flex>
    </Spin>
  );
}
