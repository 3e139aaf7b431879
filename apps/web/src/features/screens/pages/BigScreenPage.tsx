import '../screens.css';
import { Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { useUserInfo } from '../../auth/api/get-user-info';
import { useCustomizeInfo } from '../../system/api/get-customize-info';
import { useBigScreen } from '../api/get-big-screen';
import { useMapDevices } from '../api/get-map-devices';
import { DeviceMap } from '../components/DeviceMap';
import { ScreenCanvas } from '../components/ScreenCanvas';
import { AlarmTrendChart, ReadingsChart } from '../components/ScreenCharts';
import { ScreenHeader } from '../components/ScreenHeader';
import { AlarmFeed, KpiRow, Panel, TopDevices } from '../components/ScreenPanels';
import { useBigScreenLive } from '../hooks/use-big-screen-live';
import { isScaleMode, type ScaleMode } from '../lib/scale';

const SCALE_KEY = 'fleet.screen.scale';
/** The server's SUB limit per message (docs/api-live.md). */
const MAX_LIVE_DEVICES = 5000;

const storedMode = (): ScaleMode => {
  const value = typeof window === 'undefined' ? null : window.localStorage.getItem(SCALE_KEY);
  return isScaleMode(value) ? value : 'fit';
};

/** The title: the user's own big-screen title, else the domain's customization, else the default. */
export function useScreenTitle(): string {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const { data: customize } = useCustomizeInfo();
  return user?.bigscreen_title || customize?.bigscreen_title || t('screens.big.defaultTitle');
}

/**
 * /monitorScreen/screen (SPEC 2.3 MonitorScreen, 2.4 big-screen layout): live KPIs, the alarm trend,
 * the latest alarms, readings per minute, the most alarming devices and the device map on a
 * 1920x1080 canvas, all kept current through /wss.
 */
export default function BigScreenPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ScaleMode>(storedMode);
  const title = useScreenTitle();
  const big = useBigScreen();
  const located = useMapDevices({});
  const ids = useMemo(
    () => (located.data?.rows ?? []).slice(0, MAX_LIVE_DEVICES).map((d) => d.id),
    [located.data],
  );
  const report = useBigScreenLive(big.data, ids);

  const chooseMode = (next: ScaleMode) => {
    setMode(next);
    window.localStorage.setItem(SCALE_KEY, next);
  };

  return (
    <div className="screen-page" data-testid="big-screen">
      <ScreenCanvas mode={mode}>
        <ScreenHeader title={title} mode={mode} onMode={chooseMode} live={Boolean(report)} />
        {big.error ? (
          <LoadError testId="screen-error" onRetry={() => void big.refetch()} />
        ) : !report ? (
          <Spin size="large" style={{ display: 'block', padding: 200 }} />
        ) : (
          <div className="screen-grid">
            <div className="screen-col">
              <Panel title={t('screens.big.alarmTrend')}>
                <AlarmTrendChart trend={report.alarm_trend} />
              </Panel>
              <Panel title={t('screens.big.readings')}>
                <ReadingsChart minutes={report.readings_per_minute} />
              </Panel>
              <Panel title={t('screens.big.topDevices')}>
                <TopDevices rows={report.top_alarming} />
              </Panel>
            </div>
            <div className="screen-col screen-center">
              <KpiRow devices={report.devices} />
              <Panel title={t('screens.big.map')} className="screen-map">
                <DeviceMap filter={{}} theme="dark" showSummary={false} />
              </Panel>
            </div>
            <div className="screen-col">
              <Panel title={t('screens.big.latestAlarms')} className="screen-feed">
                <AlarmFeed alarms={report.latest_alarms} />
              </Panel>
            </div>
          </div>
        )}
      </ScreenCanvas>
    </div>
  );
}
