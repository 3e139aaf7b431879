import { areaFamilyOf, type DataPointRow, type DeviceDetail, type SlaveRow } from '@fleet/contracts';
import { useSavePoint } from '../api/save-point';
import { bodyFromPoint } from '../lib/point-form';
import { PointEditor } from './PointEditor';

/** Add / edit one data point of a device or of one of its slaves (POST, PUT /device/{id}/datapoint). */
export function PointDrawer({
  device,
  slaves,
  point,
  slaveId,
  open,
  onClose,
}: {
  device: DeviceDetail;
  slaves: SlaveRow[];
  point?: DataPointRow;
  slaveId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const save = useSavePoint(device.id);
  return (
    <PointEditor
      family={areaFamilyOf(device.gateway_protocol, device.protocol)}
      slaves={slaves}
      point={point}
      slaveId={slaveId}
      open={open}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={(full) =>
        save.mutateAsync({ deviceId: device.id, pointId: point?.id, body: bodyFromPoint(full) })
      }
    />
  );
}
