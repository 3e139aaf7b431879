import { LineChart } from 'echarts/charts';
import { DataZoomComponent } from 'echarts/components';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useCallback, useRef } from 'react';
import { EChart, registerCharts } from '../../../shared/components/EChart';

registerCharts([LineChart, DataZoomComponent]);

/** SPEC 5 debounce, also for zooming: the window is read once the wheel or slider rests. */
export const ZOOM_DEBOUNCE_MS = 300;

export type ZoomEvent = Parameters<typeof import('../lib/series-option').windowOfZoom>[0];

/**
 * The shared chart, reporting zooming (debounced). Series and y axes are replaced and the rest merged,
 * so a new answer does not interrupt a slider drag.
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
  const zoomHandler = useRef(onZoom);
  zoomHandler.current = onZoom;
  const subscribe = useCallback((chart: EChartsType) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    chart.on('datazoom', (event) => {
      clearTimeout(timer);
      timer = setTimeout(() => zoomHandler.current(event as ZoomEvent), ZOOM_DEBOUNCE_MS);
    });
    return () => clearTimeout(timer);
  }, []);
  return (
    <EChart
      option={option}
      height={height}
      testId={testId}
      ariaLabel={ariaLabel}
      onInit={subscribe}
      replaceMerge={REPLACED}
    />
  );
}

const REPLACED = ['series', 'yAxis'];
