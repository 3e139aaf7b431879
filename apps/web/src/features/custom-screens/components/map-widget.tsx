import '../../screens/screens.css';
import type { ScreenMapAnswer, ScreenWidget } from '@fleet/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { devicePopupRenderer } from '../../screens/components/DevicePopup';
import { type StatusOverrides, useLiveMapStatus } from '../../screens/hooks/use-live-map-status';
import DeviceMapCanvas from '../../screens/map/DeviceMapCanvas';
import { devicesToGeoJson } from '../../screens/map/device-geojson';
import { useScreenMap } from '../api/screen-map';
import { THEMES } from '../lib/document';
import { SHARE_POLL_MS } from './use-screen-values';
import { ErrorText, Frame, type WidgetEnv } from './widget-frame';

type MapWidgetOf = Extract<ScreenWidget, { kind: 'map' }>;

/** With /wss the devices are re-read this often anyway (positions move rarely; OL / AL come live). */
const LIVE_REREAD_MS = 60_000;
const NONE: StatusOverrides = new Map();

/**
 * Devices on the basemap coloured by status (the device map's canvas, a lazy chunk with MapLibre):
 * those the widget names; naming none, all the signed-in reader's, and on an external link none (the
 * server answers none, and the map says no device was chosen). Signed in, OL / AL recolour them at once
 * and a device opens its popup; a link polls and shows no popup (its links need a session).
 */
export default function MapWidget({ widget, env }: { widget: MapWidgetOf; env: WidgetEnv }) {
  const answer = useScreenMap(
    env.source,
    widget.id,
    widget.devices,
    env.live ? LIVE_REREAD_MS : SHARE_POLL_MS,
  );
  return (
    <Frame widget={widget} env={env}>
      {answer.error ? (
        <ErrorText error={answer.error} />
      ) : !answer.data ? null : env.live ? (
        <LiveMap widget={widget} env={env} data={answer.data} />
      ) : (
        <ScreenMap widget={widget} env={env} data={answer.data} overrides={NONE} />
      )}
    </Frame>
  );
}

function LiveMap({ widget, env, data }: { widget: MapWidgetOf; env: WidgetEnv; data: ScreenMapAnswer }) {
  const overrides = useLiveMapStatus(data);
  return <ScreenMap widget={widget} env={env} data={data} overrides={overrides} />;
}

function ScreenMap({
  widget,
  env,
  data,
  overrides,
}: {
  widget: MapWidgetOf;
  env: WidgetEnv;
  data: ScreenMapAnswer;
  overrides: StatusOverrides;
}) {
  const { t } = useTranslation();
  const collection = useMemo(() => devicesToGeoJson(data.rows, overrides), [data.rows, overrides]);
  const renderPopup = useMemo(() => devicePopupRenderer(data.rows, overrides), [data.rows, overrides]);
  const theme = env.theme === THEMES.light ? 'light' : 'dark';
  return (
    <div className="cs-map" data-testid={`cs-map-${widget.id}`} data-devices={data.rows.length}>
      <DeviceMapCanvas
        config={data.config}
        theme={theme}
        devices={collection}
        fitKey={`${widget.id}:${widget.devices.join(',')}`}
        testId={`cs-map-canvas-${widget.id}`}
        renderPopup={env.live ? renderPopup : undefined}
      />
      {env.source.kind === 'share' && widget.devices.length === 0 ? (
        <div
          className="cs-map-note"
          style={{ color: env.theme.muted }}
          data-testid={`cs-map-none-${widget.id}`}
        >
          {t('customScreens.map.noneShared')}
        </div>
      ) : null}
      {data.unplaced > 0 ? (
        <div className="cs-map-note" style={{ color: env.theme.muted }}>
          {t('screens.map.unplaced', { count: data.unplaced })}
        </div>
      ) : null}
    </div>
  );
}
