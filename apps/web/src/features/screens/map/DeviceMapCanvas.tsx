import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapConfig } from '@fleet/contracts';
import type { GeoJSONSource, MapGeoJSONFeature } from 'maplibre-gl';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { basemapStyle, type MapTheme } from './basemap-style';
import { boundsOf, type DeviceCollection } from './device-geojson';
import { addDeviceLayers, CLUSTER_LAYER, DEVICE_SOURCE, POINT_LAYER, setDeviceData } from './device-layers';

let protocolAdded = false;
/**
 * pmtiles:// URLs read the offline basemap by HTTP range requests (registered once per page). MapLibre
 * looks for its worker next to its own module, which bundling moves: the build emits the worker file
 * and tells MapLibre where it is.
 */
function ensurePmtilesProtocol() {
  if (protocolAdded) return;
  maplibregl.setWorkerUrl(workerUrl);
  maplibregl.addProtocol('pmtiles', new Protocol().tile);
  protocolAdded = true;
}

export interface DeviceMapCanvasProps {
  config: MapConfig | undefined;
  theme: MapTheme;
  devices: DeviceCollection;
  /** The view fits the devices again whenever this changes (a new filter), not on live updates. */
  fitKey: string;
  /** Content of the popup of a clicked device. */
  renderPopup?: (deviceId: number) => ReactNode;
  /** A click on the map outside the devices (location picking), WGS-84. */
  onPick?: (lngLat: { lng: number; lat: number }) => void;
  /** A marker at the picked place. */
  picked?: { lng: number; lat: number } | null;
  testId?: string;
  /** Benchmarks: the MapLibre instance once its style has loaded. */
  onReady?: (map: maplibregl.Map) => void;
}

/**
 * A MapLibre map of devices (DESIGN 15): the basemap of `config`, the devices clustered in MapLibre's
 * worker, a popup per device and optional location picking. Default export: pages load it (and
 * MapLibre) lazily, out of the login bundle. The container's `data-rendered` lists the ids of the
 * single devices on screen after each render settles (for tests; skipped beyond 200).
 */
export default function DeviceMapCanvas(props: DeviceMapCanvasProps) {
  const { config, theme, devices, fitKey, renderPopup, onPick, picked, testId, onReady } = props;
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const loaded = useRef(false);
  const latest = useRef({ devices, onPick, onReady });
  latest.current = { devices, onPick, onReady };
  const fitted = useRef<string | null>(null);
  const [popup, setPopup] = useState<{ id: number; node: HTMLDivElement } | null>(null);
  const popupRef = useRef<maplibregl.Popup | null>(null);
  const markerRef = useRef<maplibregl.Marker | null>(null);
  const styleKey = `${config?.tile_url ?? ''}|${theme}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is rebuilt only when its basemap changes
  useEffect(() => {
    if (!box.current) return;
    ensurePmtilesProtocol();
    const map = new maplibregl.Map({
      container: box.current,
      style: basemapStyle(config, theme, location.origin),
      center: [105, 30],
      zoom: 1.5,
      attributionControl: { compact: true },
      renderWorldCopies: false,
    });
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      addDeviceLayers(map, latest.current.devices, theme === 'dark');
      loaded.current = true;
      fitted.current = null;
      fitTo(map, latest.current.devices);
      if (box.current) box.current.dataset.loaded = 'true';
      latest.current.onReady?.(map);
    });
    map.on('click', CLUSTER_LAYER, async (e) => {
      const feature = e.features?.[0] as MapGeoJSONFeature | undefined;
      if (!feature) return;
      const source = map.getSource(DEVICE_SOURCE) as GeoJSONSource;
      const zoom = await source.getClusterExpansionZoom(feature.properties.cluster_id as number);
      map.easeTo({
        center: (feature.geometry as unknown as { coordinates: [number, number] }).coordinates,
        zoom,
      });
    });
    map.on('click', POINT_LAYER, (e) => {
      const feature = e.features?.[0];
      if (!feature) return;
      const node = document.createElement('div');
      popupRef.current?.remove();
      popupRef.current = new maplibregl.Popup({ maxWidth: '320px', className: 'device-map-popup' })
        .setLngLat((feature.geometry as unknown as { coordinates: [number, number] }).coordinates)
        .setDOMContent(node)
        .addTo(map);
      popupRef.current.on('close', () => setPopup((p) => (p?.node === node ? null : p)));
      setPopup({ id: Number(feature.properties.id), node });
    });
    map.on('click', (e) => {
      const layers = [CLUSTER_LAYER, POINT_LAYER].filter((id) => map.getLayer(id));
      const hits = layers.length > 0 ? map.queryRenderedFeatures(e.point, { layers }) : [];
      if (hits.length === 0) latest.current.onPick?.({ lng: e.lngLat.lng, lat: e.lngLat.lat });
    });
    for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
      });
    }
    map.on('idle', () => {
      if (!box.current || !map.getLayer(POINT_LAYER)) return;
      const shown = map.queryRenderedFeatures({ layers: [POINT_LAYER] });
      box.current.dataset.rendered =
        shown.length > 200 ? 'many' : shown.map((f) => f.properties.id).join(',');
    });
    return () => {
      loaded.current = false;
      popupRef.current?.remove();
      markerRef.current?.remove();
      markerRef.current = null;
      map.remove();
      mapRef.current = null;
    };
  }, [styleKey]);

  function fitTo(map: maplibregl.Map, data: DeviceCollection) {
    if (fitted.current === fitKey) return;
    fitted.current = fitKey;
    const bounds = boundsOf(data);
    if (bounds) map.fitBounds(bounds, { padding: 60, maxZoom: 12, duration: 0 });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: fitTo reads fitKey, listed
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    setDeviceData(map, devices);
    fitTo(map, devices);
    if (box.current) box.current.dataset.devices = String(devices.features.length);
  }, [devices, fitKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!picked) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    markerRef.current ??= new maplibregl.Marker({ color: '#1677ff' }).setLngLat(picked).addTo(map);
    markerRef.current.setLngLat(picked);
  }, [picked]);

  return (
    <div
      ref={box}
      className="device-map-canvas"
      data-testid={testId ?? 'device-map'}
      data-devices={devices.features.length}
    >
      {popup && renderPopup ? createPortal(renderPopup(popup.id), popup.node) : null}
    </div>
  );
}
