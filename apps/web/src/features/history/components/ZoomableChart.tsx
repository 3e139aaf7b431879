import { LineChart } from 'echarts/charts';
import { DataZoomComponent } from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { registerCharts } from '../../../shared/components/EChart';

registerCharts([LineChart, DataZoomComponent]);

/** SPEC 5 debounce, also for zooming: the window is read once the wheel or slider rests. */
export const ZOOM_DEBOUNCE_MS = 300;

export type ZoomEvent = Parameters<typeof import('../lib/series-option').windowOfZoom>[0];

/**
 * An ECharts chart like shared/components/EChart that also reports zooming (debounced). Options are
 * merged (series and y axes replaced) so a new answer does not interrupt a slider drag.
 */
export function ZoomableChart({
  option,
  onZoom,
  height,
  testId,
  ariaLabel,
}: {
  option: EChartsCoreOption;
  onZoom: (event: ZoomEvent) => void;
  height: number;
  testId?: string;
  ariaLabel?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const zoomHandler = useRef(onZoom);
  zoomHandler.current = onZoom;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    let timer: ReturnType<typeof setTimeout> | undefined;
    instance.on('datazoom', (event) => {
      clearTimeout(timer);
      timer = setTimeout(() => zoomHandler.current(event as ZoomEvent), ZOOM_DEBOUNCE_MS);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { replaceMerge: ['series', 'yAxis'] });
  }, [option]);

  return (
    <div
      ref={container}
      style={{ width: '100%', height }}
      data-testid={testId}
      role="img"
      aria-label={ariaLabel}
    />
  );
}
