import { ReloadOutlined } from '@ant-design/icons';
import { HISTORY_MAX_SPAN_DAYS, SERIES_FUNCTIONS, type SeriesFunction } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Tabs, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../shared/components/LoadError';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { useOptionalPoints } from '../../devices/api/list-optional-points';
import { DeviceSearchSelect } from '../../devices/components/DeviceSearchSelect';
import { ExportButton } from '../../file-download/components/ExportButton';
import { useDataStreams } from '../api/data-streams';
import { historyKeys } from '../api/keys';
import { HistoryChartPanel } from '../components/HistoryChartPanel';
import { HistoryTable } from '../components/HistoryTable';
import { PointSelect } from '../components/PointSelect';
import { historyUrl, parseHistoryUrl, rowsFilter, type Window } from '../lib/history-params';
import { defaultPointIds, pointMetas, validPointIds } from '../lib/point-meta';

const DAY_MS = 86_400_000;
/** The default range: the past 24 hours. */
export const defaultRange = (now: Dayjs = dayjs()): [Dayjs, Dayjs] => [now.subtract(1, 'day'), now];

/**
 * /dataCenter/history?device_id=&point_ids=: stored values of up to 20 points of one device as a
 * zoomable chart (aggregated server-side) or as a paged table of raw values, with an export.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const url = parseHistoryUrl(params);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange());
  const [fn, setFn] = useState<SeriesFunction>('avg');
  const [tab, setTab] = useState('chart');

  const streams = useDataStreams(url.deviceId);
  // Optional: without the points' configuration values show untranslated.
  const config = useOptionalPoints(url.deviceId);
  const metaList = useMemo(
    () => pointMetas(streams.data ?? [], config.data?.rows),
    [streams.data, config.data],
  );
  const metas = useMemo(() => new Map(metaList.map((m) => [m.point_id, m])), [metaList]);
  // No point_ids: the default points; an empty point_ids: the user cleared the selection.
  const urlPoints = params.get('point_ids');
  const pointIds = useMemo(() => {
    if (urlPoints === null) return defaultPointIds(metaList);
    const wanted = parseHistoryUrl(new URLSearchParams({ point_ids: urlPoints })).pointIds;
    return validPointIds(wanted, metaList);
  }, [urlPoints, metaList]);

  const start = range[0].valueOf();
  const end = range[1].valueOf();
  const timeWindow = useMemo<Window>(() => ({ start, end }), [start, end]);
  const tooLong = end - start > HISTORY_MAX_SPAN_DAYS * DAY_MS;

  const setDevice = (deviceId: number | null) =>
    setParams(historyUrl({ deviceId, pointIds: [] }, params), { replace: false });
  const setPoints = (ids: number[]) => {
    const next = historyUrl({ deviceId: url.deviceId, pointIds: ids }, params);
    if (ids.length === 0) next.set('point_ids', '');
    setParams(next, { replace: true });
  };

  const ready = url.deviceId !== null && streams.isSuccess && pointIds.length > 0 && !tooLong;
  const queryKey = `${url.deviceId}|${pointIds.join(',')}|${start}|${end}`;

  let body: React.ReactNode;
  if (url.deviceId === null)
    body = <Empty description={t('history.pickDevice')} style={{ padding: '64px 0' }} />;
  else if (streams.error)
    body = <LoadError onRetry={() => void streams.refetch()} testId="history-streams-error" />;
  else if (streams.isPending) body = null;
  else if (pointIds.length === 0)
    body = (
      <Empty
        description={t('history.pickPoints')}
        style={{ padding: '64px 0' }}
        data-testid="history-no-points"
      />
    );
  else if (tooLong)
    body = (
      <Alert type="warning" showIcon title={t('history.rangeTooLong', { days: HISTORY_MAX_SPAN_DAYS })} />
    );
  else
    body = (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'chart',
            label: t('history.tab.chart'),
            children: (
              <HistoryChartPanel
                key={`${queryKey}|${fn}`}
                pointIds={pointIds}
                range={timeWindow}
                fn={fn}
                metas={metas}
              />
            ),
          },
          {
            key: 'table',
            label: t('history.tab.table'),
            children: <HistoryTable key={queryKey} pointIds={pointIds} range={timeWindow} metas={metas} />,
          },
        ]}
      />
    );

  return (
    <Card data-testid="history-page" styles={{ body: { padding: 16 } }}>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <DeviceSearchSelect
          value={url.deviceId}
          onChange={(id) => setDevice(id ?? null)}
          placeholder={t('history.devicePlaceholder')}
          ariaLabel={t('history.device')}
          style={{ width: 300 }}
          testId="history-device"
        />
        <PointSelect
          metas={metaList}
          value={pointIds}
          onChange={setPoints}
          loading={streams.isFetching}
          disabled={url.deviceId === null}
        />
        <TimeRangeFilter
          value={range}
          onChange={(r) => setRange(r ?? defaultRange())}
          testId="history-range"
        />
        <Select<SeriesFunction>
          value={fn}
          onChange={setFn}
          options={SERIES_FUNCTIONS.map((f) => ({ value: f, label: t(`history.fn.${f}`) }))}
          style={{ width: 130 }}
          aria-label={t('history.fn.label')}
          disabled={tab !== 'chart'}
          data-testid="history-fn"
        />
        <Flex gap={8} align="center" style={{ marginLeft: 'auto' }}>
          <ExportButton kind="history" params={rowsFilter(pointIds, timeWindow)} disabled={!ready} />
          <Tooltip title={t('accounts.common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('accounts.common.refresh')}
              onClick={() => void queryClient.invalidateQueries({ queryKey: historyKeys.all })}
            />
          </Tooltip>
        </Flex>
      </Flex>
      {body}
    </Card>
  );
}
