import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

// Only what every chart needs; a page registers its chart types (LineChart, MapChart...) with `use`.
use([CanvasRenderer, GridComponent, TooltipComponent, LegendComponent]);

export { use as registerCharts };

/** Options of the components registered here; pages widen it with their series types. */
export type BaseChartOption = ComposeOption<
  GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/**
 * An ECharts chart that fills its container: it follows the container's size (ResizeObserver),
 * applies a new `option` in place, and disposes of the chart on unmount.
 */
export function EChart({
  option,
  height = 280,
  className,
  style,
  testId,
  ariaLabel,
  onInit,
  replaceMerge,
}: {
  /** Any ECharts option whose chart types are registered. */
  option: EChartsCoreOption;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  ariaLabel?: string;
  /** Called once with the new chart (to subscribe to its events); may answer a cleanup. */
  onInit?: (chart: EChartsType) => (() => void) | undefined;
  /**
   * Components a new option replaces while the rest is merged (a zoom being dragged survives new data);
   * by default the whole option is replaced.
   */
  replaceMerge?: string[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const initHandler = useRef(onInit);
  const merge = useRef(replaceMerge);
  merge.current = replaceMerge;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    const cleanup = initHandler.current?.(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      cleanup?.();
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a series that disappeared from the option disappears from the chart.
    chart.current?.setOption(option, merge.current ? { replaceMerge: merge.current } : { notMerge: true });
  }, [option]);

  return (
    <div
      ref={container}
      className={className}
      style={{ width: '100%', height, ...style }}
      data-testid={testId}
      role="img"
      aria-label={ariaLabel}
    />
  );
}
