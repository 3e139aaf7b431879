import { EffectScatterChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { statusTagView } from '../../devices/lib/status';
import { fitView, type MapPoint } from '../lib/map-data';
import { WORLD_MAP, worldGeoJson } from '../lib/world-map';

// Only the parts the monitor draws: a geo component with scatter markers, tooltips, canvas.
echarts.use([GeoComponent, TooltipComponent, ScatterChart, EffectScatterChart, CanvasRenderer]);
if (!echarts.getMap(WORLD_MAP)) echarts.registerMap(WORLD_MAP, worldGeoJson());

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * World map of the devices with coordinates (ECharts + world-atlas, no tiles): markers coloured by the
 * SPEC 4 status, alarms rippling, tooltip with title and status, click opens the device, roam to zoom.
 * Default export: the page loads it (and ECharts) only when the map view is chosen.
 */
export default function DeviceMap({ points, canOpen }: { points: MapPoint[]; canOpen: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef({ canOpen, navigate });
  /** The devices the view was last fitted to: a refetch of the same devices keeps the user's pan and zoom. */
  const fittedTo = useRef('');
  latest.current = { canOpen, navigate };

  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      const id = (params.data as { id?: number } | undefined)?.id;
      if (id !== undefined && latest.current.canOpen) void latest.current.navigate(`/device/detail/${id}`);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const statusText = (p: MapPoint) => {
      const view = statusTagView(p.status, p.alarmType);
      return t(view.key, view.params);
    };
    const marker = (p: MapPoint) => ({ ...p, itemStyle: { color: p.color } });
    const devicesKey = points.map((p) => p.id).join(',');
    const view = devicesKey === fittedTo.current ? {} : fitView(points);
    fittedTo.current = devicesKey;
    const alarms = points.filter((p) => p.status !== 0 && p.alarmType !== 0);
    const others = points.filter((p) => !(p.status !== 0 && p.alarmType !== 0));
    chart.current?.setOption(
      {
        tooltip: {
          trigger: 'item',
          formatter: (params: { data?: MapPoint }) =>
            params.data
              ? `<b>${escapeHtml(params.data.name)}</b><br/><span style="color:${params.data.color}">●</span> ${escapeHtml(statusText(params.data))}`
              : '',
        },
        geo: {
          map: WORLD_MAP,
          roam: true,
          ...view,
          scaleLimit: { min: 1, max: 40 },
          itemStyle: { areaColor: '#e8edf3', borderColor: '#b8c2cf' },
          emphasis: { disabled: true },
          tooltip: { show: false },
        },
        series: [
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            symbolSize: 10,
            cursor: canOpen ? 'pointer' : 'default',
            data: others.map(marker),
          },
          {
            type: 'effectScatter',
            coordinateSystem: 'geo',
            symbolSize: 12,
            rippleEffect: { scale: 3, brushType: 'stroke' },
            cursor: canOpen ? 'pointer' : 'default',
            data: alarms.map(marker),
          },
        ],
      },
      { replaceMerge: ['series'] },
    );
  }, [points, canOpen, t]);

  return <div ref={box} className="monitor-map" data-testid="monitor-map" />;
}
