import { DEFAULT_PAGE_SIZE, REPORT_MAX_PERIODS, REPORT_PERIODS, type ReportPeriod } from '@fleet/contracts';
import { Card, Flex, Segmented, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { TimeRangeFilter } from '../../../shared/components/TimeRangeFilter';
import { tablePagination } from '../../../shared/hooks/use-list-params';
import { useOptionalPoints } from '../../devices/api/list-optional-points';
import { ExportButton } from '../../file-download/components/ExportButton';
import { browserTimeZone } from '../../file-download/lib/export-params';
import { type ReportQuery, useDataReport } from '../api/data-report';
import { useReportPoints } from '../api/report-points';
import { PointNamesSelect } from '../components/PointNamesSelect';
import { ReportChart } from '../components/ReportChart';
import { ReportTable } from '../components/ReportTable';
import { SchedulesPanel } from '../components/SchedulesPanel';
import { SubjectFields } from '../components/SubjectFields';
import { defaultChartStat } from '../lib/chart-option';
import {
  defaultRange,
  formProblem,
  initialForm,
  type ReportForm,
  reportExportParams,
  reportParams,
  subjectId,
} from '../lib/report-query';

/** Rows the chart asks for at once (the API's largest page). */
const CHART_ROWS = 2000;

/** /dataCenter/dataReportV2 (permission DataReportV2): statistics per period, as a table or chart, and schedules. */
export default function DataReportPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'report' | 'schedules'>('report');
  return (
    <Card data-testid="data-report-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'report' | 'schedules')}
        destroyOnHidden={false}
        items={[
          { key: 'report', label: t('dataReport.tabs.report'), children: <ReportPanel /> },
          { key: 'schedules', label: t('dataReport.tabs.schedules'), children: <SchedulesPanel /> },
        ]}
      />
    </Card>
  );
}

function ReportPanel() {
  const { t } = useTranslation();
  const tz = useMemo(() => browserTimeZone(), []);
  const [form, setForm] = useState<ReportForm>(() => initialForm());
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);

  const update = (patch: Partial<ReportForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const id = subjectId(form);
  const subject =
    id === undefined ? null : form.subjectKind === 'device' ? { device_id: id } : { group_id: id };
  const points = useReportPoints(subject);
  // The decimals of the device's points by name, to format its statistics (quietly none without them).
  const devicePoints = useOptionalPoints(form.subjectKind === 'device' ? form.deviceId : undefined);
  const decimals = useMemo(
    () =>
      devicePoints.data
        ? Object.fromEntries(devicePoints.data.rows.map((p) => [p.name, p.decimals] as const))
        : undefined,
    [devicePoints.data],
  );

  const params = reportParams(form, tz);
  const problem = formProblem(form);
  const tableQuery: ReportQuery | null = params ? { ...params, page, limit } : null;
  const chartQuery: ReportQuery | null = params ? { ...params, page: 1, limit: CHART_ROWS } : null;
  const table = useDataReport(tableQuery, view === 'table');
  const chart = useDataReport(chartQuery, view === 'chart');

  const selectedPoints = (points.data ?? []).filter(
    (p) => form.pointNames.length === 0 || form.pointNames.includes(p.name),
  );
  const initialStat = defaultChartStat(selectedPoints);

  const problemText =
    problem === 'rangeTooLong'
      ? t('dataReport.problem.rangeTooLong', REPORT_MAX_PERIODS)
      : problem
        ? t(`dataReport.problem.${problem}`)
        : t('dataReport.noData');

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          <SubjectFields
            value={form}
            onChange={(v) =>
              update({ subjectKind: v.subjectKind, deviceId: v.deviceId, groupId: v.groupId, pointNames: [] })
            }
          />
          <PointNamesSelect
            points={points.data ?? []}
            loading={points.isFetching}
            disabled={subject === null}
            value={form.pointNames}
            onChange={(pointNames) => update({ pointNames })}
            style={{ minWidth: 220, maxWidth: 360 }}
            testId="report-points"
          />
          <Segmented<ReportPeriod>
            value={form.period}
            onChange={(period) => update({ period, range: defaultRange(period) })}
            options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`dataReport.period.${p}`) }))}
            data-testid="report-period"
          />
          <TimeRangeFilter value={form.range} onChange={(range) => update({ range })} testId="report-range" />
        </Flex>
        <ExportButton kind="report" params={params ? reportExportParams(params) : {}} disabled={!params} />
      </Flex>
      {problem ? (
        <Typography.Text
          type={problem === 'rangeTooLong' ? 'danger' : 'secondary'}
          data-testid="report-problem"
        >
          {problemText}
        </Typography.Text>
      ) : null}
      <Segmented<'table' | 'chart'>
        value={view}
        onChange={setView}
        options={[
          { value: 'table', label: t('dataReport.view.table') },
          { value: 'chart', label: t('dataReport.view.chart') },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="report-view"
      />
      {view === 'table' ? (
        <>
          {table.error ? <LoadError onRetry={() => void table.refetch()} testId="report-error" /> : null}
          <ReportTable
            rows={params ? (table.data?.rows ?? []) : []}
            loading={table.isFetching}
            decimals={decimals}
            emptyText={problemText}
            pagination={tablePagination(
              {
                page,
                limit,
                onPageChange: (p, l) => {
                  setPage(l === limit ? p : 1);
                  setLimit(l);
                },
              },
              params ? (table.data?.total ?? 0) : 0,
              (total) => t('dataReport.total', { total }),
            )}
          />
        </>
      ) : (
        <>
          {chart.error ? <LoadError onRetry={() => void chart.refetch()} testId="report-error" /> : null}
          {params ? (
            <ReportChart
              key={initialStat}
              rows={chart.data?.rows}
              total={chart.data?.total ?? 0}
              loading={chart.isFetching}
              initialStat={initialStat}
            />
          ) : (
            <Typography.Text type="secondary">{problemText}</Typography.Text>
          )}
        </>
      )}
    </Flex>
  );
}
