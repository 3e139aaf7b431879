import type { MapDevicesFilter } from '../../screens/api/get-map-devices';
import { DeviceMap } from '../../screens/components/DeviceMap';

/**
 * The monitor's map view (SPEC 2.3 online monitoring "device map"): every located device of the
 * status, group and project filter on the MapLibre map (clustered, live status, popup with values).
 */
export function MapView({ filter }: { filter: MapDevicesFilter }) {
  return (
    <div className="monitor-map-view" data-testid="monitor-map">
      <DeviceMap filter={filter} />
    </div>
  );
}
