import '../screens.css';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StatusFilter, statusQueryOf } from '../../devices/lib/status';
import { DeviceMap, MapLegend } from '../components/DeviceMap';
import { ScreenCanvas } from '../components/ScreenCanvas';
import { ScreenHeader } from '../components/ScreenHeader';
import { isScaleMode, type ScaleMode } from '../lib/scale';
import { useScreenTitle } from './BigScreenPage';

const SCALE_KEY = 'fleet.screen.gis.scale';

/**
 * The GIS screen (SPEC 2.3 "GIS screen"): the device map as a full-screen monitoring screen, devices
 * recoloured live by OL / AL from /wss, with the SPEC 4 status filter.
 */
export default function GisScreenPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ScaleMode>(() => {
    const value = window.localStorage.getItem(SCALE_KEY);
    return isScaleMode(value) ? value : 'fit';
  });
  const [status, setStatus] = useState<StatusFilter>('all');
  const title = useScreenTitle();
  return (
    <div className="screen-page" data-testid="gis-screen">
      <ScreenCanvas mode={mode}>
        <ScreenHeader
          title={`${title} · ${t('screens.gis.title')}`}
          mode={mode}
          onMode={(m) => {
            setMode(m);
            window.localStorage.setItem(SCALE_KEY, m);
          }}
          live
        />
        <div className="screen-gis">
          <div className="screen-gis-bar">
            <Segmented
              value={status}
              onChange={(v) => setStatus(v as StatusFilter)}
              options={(['all', 'normal', 'offline', 'alarm'] as const).map((s) => ({
                value: s,
                label: t(`devices.status.${s}`),
              }))}
              data-testid="gis-filter-status"
            />
            <MapLegend dark />
          </div>
          <div className="screen-gis-map">
            <DeviceMap filter={{ status: statusQueryOf(status) }} theme="dark" showSummary={false} />
          </div>
        </div>
      </ScreenCanvas>
    </div>
  );
}
