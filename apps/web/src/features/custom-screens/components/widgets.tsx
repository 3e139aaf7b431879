import type { CustomScreenDocument, ScreenSourceData, ScreenWidget } from '@fleet/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, registerCharts } from '../../../shared/components/EChart';
import { clockLabel } from '../../../shared/time/clock-label';
import { useScreenAlarms } from '../api/screen-alarms';
import { useSourceData } from '../api/source-data';
import { FIT_CSS, formatValue, gaugeLevel, sourceFigure, toNumber } from '../lib/document';
import { ClockWidget, ImageWidget, TextWidget } from './static-widgets';
import { StatusWidget } from './status-widget';
import { ErrorText, Frame, type Theme, type WidgetEnv } from './widget-frame';

export type { Theme, WidgetEnv } from './widget-frame';

registerCharts([BarChart, LineChart]);

/** The SCADA runtime is heavy and rarely on a screen: its own chunk, loaded when a screen embeds one. */
const ScadaWidget = lazy(() => import('./scada-widget'));
/** MapLibre likewise: loaded with the first map widget shown. */
const MapWidget = lazy(() => import('./map-widget'));

const PALETTE = ['#3ba0ff', '#36cfc9', '#ffc53d', '#ff7a45', '#9254de', '#73d13d', '#f759ab', '#bfbfbf'];

/** A point's latest value with its unit (live). */
function ValueWidget({ widget, env }: { widget: Extract<ScreenWidget, { kind: 'value' }>; env: WidgetEnv }) {
  const { t } = useTranslation();
  const point = env.values.get(widget.point);
  return (
    <Frame widget={widget} env={env}>
      <div className="cs-figure" style={{ color: widget.color ?? env.theme.text }}>
        <span data-testid={`cs-value-${widget.id}`}>{formatValue(point?.value, widget.decimals)}</span>
        {point?.unit ? <span className="cs-unit"> {point.unit}</span> : null}
      </div>
      <div className="cs-caption" style={{ color: env.theme.muted }}>
        {point ? `${point.device_title} · ${point.title || point.name}` : t('customScreens.widget.noPoint')}
        {point?.locked ? ` · ${t('customScreens.widget.locked')}` : ''}
      </div>
    </Frame>
  );
}

function NumberWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'number' }>;
  env: WidgetEnv;
}) {
  const { t } = useTranslation();
  const data = useSourceData(env.source, widget.id, widget.source);
  const figure = sourceFigure(data.data, widget.source.aggregation);
  const unit = data.data?.series[0]?.unit;
  return (
    <Frame widget={widget} env={env}>
      {data.error ? (
        <ErrorText error={data.error} />
      ) : (
        <>
          <div className="cs-figure" style={{ color: widget.color ?? env.theme.text }}>
            <span data-testid={`cs-value-${widget.id}`}>{formatValue(figure, widget.decimals)}</span>
            {unit ? <span className="cs-unit"> {unit}</span> : null}
          </div>
          <div className="cs-caption" style={{ color: env.theme.muted }}>
            {t(`customScreens.aggregation.${widget.source.aggregation}`)} ·{' '}
            {t('customScreens.windowMinutes', { count: Math.round(widget.source.window / 60) })}
          </div>
        </>
      )}
    </Frame>
  );
}

/** A half-circle gauge drawn in SVG: the arc fills from min to max. */
function GaugeWidget({ widget, env }: { widget: Extract<ScreenWidget, { kind: 'gauge' }>; env: WidgetEnv }) {
  const point = env.values.get(widget.point);
  const value = toNumber(point?.value);
  const level = gaugeLevel(value, widget.min, widget.max);
  const color = widget.color ?? env.theme.accent;
  const r = 80;
  const arc = Math.PI * r;
  return (
    <Frame widget={widget} env={env}>
      <svg viewBox="0 0 200 120" className="cs-gauge" aria-hidden>
        <path d="M 20 100 A 80 80 0 0 1 180 100" fill="none" stroke={env.theme.border} strokeWidth={16} />
        <path
          d="M 20 100 A 80 80 0 0 1 180 100"
          fill="none"
          stroke={color}
          strokeWidth={16}
          strokeDasharray={`${arc * (level ?? 0)} ${arc}`}
          data-testid={`cs-gauge-arc-${widget.id}`}
          data-level={level === null ? '' : level.toFixed(3)}
        />
        <text x={20} y={116} fontSize={10} fill={env.theme.muted} textAnchor="middle">
          {widget.min}
        </text>
        <text x={180} y={116} fontSize={10} fill={env.theme.muted} textAnchor="middle">
          {widget.max}
        </text>
      </svg>
      <div className="cs-gauge-value" style={{ color: env.theme.text }}>
        <span data-testid={`cs-value-${widget.id}`}>{formatValue(value, widget.decimals)}</span>
        {point?.unit ? <span className="cs-unit"> {point.unit}</span> : null}
      </div>
    </Frame>
  );
}

export function chartOption(kind: 'line' | 'bar', data: ScreenSourceData | undefined, theme: Theme) {
  const axis = { axisLine: { lineStyle: { color: theme.border } }, axisLabel: { color: theme.muted } };
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 48, right: 16, top: 28, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: theme.muted } },
    xAxis: { type: 'time', ...axis },
    yAxis: { type: 'value', scale: true, splitLine: { lineStyle: { color: theme.border } }, ...axis },
    series: (data?.series ?? []).map((s) => ({
      type: kind,
      name: `${s.title}${s.unit ? ` (${s.unit})` : ''}`,
      showSymbol: false,
      connectNulls: false,
      barMaxWidth: 12,
      data: s.points.map(([at, v]) => [at, toNumber(v)]),
    })),
  };
}

function ChartWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'line' | 'bar' }>;
  env: WidgetEnv;
}) {
  const data = useSourceData(env.source, widget.id, widget.source);
  const option = useMemo(
    () => chartOption(widget.kind, data.data, env.theme),
    [widget.kind, data.data, env.theme],
  );
  return (
    <Frame widget={widget} env={env}>
      {data.error ? (
        <ErrorText error={data.error} />
      ) : (
        <EChart option={option} height="100%" testId={`cs-chart-${widget.id}`} />
      )}
    </Frame>
  );
}

const LEVEL_COLORS = ['#8c8c8c', '#1677ff', '#faad14', '#fa541c', '#f5222d'];

/** The latest alarms of the devices it names, newest first (re-read every few seconds). */
function AlarmsWidget({
  widget,
  env,
}: {
  widget: Extract<ScreenWidget, { kind: 'alarms' }>;
  env: WidgetEnv;
}) {
  const { t } = useTranslation();
  const body = useMemo(() => ({ devices: widget.devices, rows: widget.rows }), [widget.devices, widget.rows]);
  const alarms = useScreenAlarms(env.source, widget.id, body);
  const rows = alarms.data?.rows ?? [];
  return (
    <Frame widget={widget} env={env}>
      {alarms.error ? (
        <ErrorText error={alarms.error} />
      ) : rows.length === 0 ? (
        <div
          className="cs-caption"
          style={{ color: env.theme.muted }}
          data-testid={`cs-alarms-empty-${widget.id}`}
        >
          {t('customScreens.widget.noAlarms')}
        </div>
      ) : (
        <ul className="cs-alarms" data-testid={`cs-alarms-${widget.id}`}>
          {rows.map((a) => (
            <li key={a.id} style={{ borderColor: env.theme.border }}>
              <span
                className="cs-alarm-dot"
                style={{ background: LEVEL_COLORS[a.level] ?? LEVEL_COLORS[3] }}
              />
              <span className="cs-alarm-time" style={{ color: env.theme.muted }}>
                {clockLabel(a.at, { seconds: true })}
              </span>
              <span className="cs-alarm-text" style={{ color: widget.color ?? env.theme.text }}>
                {a.device_title} · {a.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function Widget({ widget, env }: { widget: ScreenWidget; env: WidgetEnv }) {
  switch (widget.kind) {
    case 'value':
      return <ValueWidget widget={widget} env={env} />;
    case 'number':
      return <NumberWidget widget={widget} env={env} />;
    case 'gauge':
      return <GaugeWidget widget={widget} env={env} />;
    case 'line':
    case 'bar':
      return <ChartWidget widget={widget} env={env} />;
    case 'alarms':
      return <AlarmsWidget widget={widget} env={env} />;
    case 'text':
      return <TextWidget widget={widget} env={env} />;
    case 'clock':
      return <ClockWidget widget={widget} env={env} />;
    case 'image':
      return <ImageWidget widget={widget} env={env} />;
    case 'status':
      return <StatusWidget widget={widget} env={env} />;
    case 'map':
      return (
        <Suspense fallback={null}>
          <MapWidget widget={widget} env={env} />
        </Suspense>
      );
    case 'scada':
      return (
        <Suspense fallback={null}>
          <ScadaWidget widget={widget} env={env} />
        </Suspense>
      );
  }
}

/** The screen's canvas at its design size: background, then the widgets in z-order. */
export function ScreenSurface({
  doc,
  env,
  renderWidget,
}: {
  doc: CustomScreenDocument;
  env: WidgetEnv;
  /** The designer wraps widgets (selection, drag); the viewer draws them as they are. */
  renderWidget?: (widget: ScreenWidget, content: React.ReactNode) => React.ReactNode;
}) {
  const { canvas } = doc;
  return (
    <div
      className={`cs-surface cs-theme-${canvas.theme}`}
      data-testid="cs-surface"
      style={{
        width: canvas.w,
        height: canvas.h,
        background: canvas.backgroundImage
          ? `${canvas.background} url("${canvas.backgroundImage}") center / ${FIT_CSS[canvas.backgroundFit].size} no-repeat`
          : canvas.background,
      }}
    >
      {doc.order.map((id) => {
        const widget = doc.widgets[id];
        if (!widget) return null;
        const content = <Widget widget={widget} env={env} />;
        return (
          <div
            key={id}
            className="cs-slot"
            style={{
              left: widget.frame.x,
              top: widget.frame.y,
              width: widget.frame.w,
              height: widget.frame.h,
            }}
          >
            {renderWidget ? renderWidget(widget, content) : content}
          </div>
        );
      })}
    </div>
  );
}
