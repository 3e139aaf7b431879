import { CUSTOM_SCREEN_LIMITS } from '@fleet/contracts';
import { Flex, Tag } from 'antd';
import { useDeviceNames } from '../api/device-names';
import { PointSelect } from './PointSelect';

/**
 * The devices an alarm list, a status table or a map names: tags with the device's name (its id only
 * while the name is unknown: not read yet, or a device the user no longer sees), and a picker to add more.
 */
export function DeviceListField({
  devices,
  onChange,
  allowEmpty = false,
}: {
  devices: number[];
  onChange: (devices: number[]) => void;
  /** A map may name none (signed in it then shows all the reader's devices; a link shows none). */
  allowEmpty?: boolean;
}) {
  const names = useDeviceNames(devices);
  return (
    <>
      <Flex gap={4} wrap>
        {devices.map((d) => (
          <Tag
            key={d}
            closable={allowEmpty || devices.length > 1}
            onClose={() => onChange(devices.filter((x) => x !== d))}
            data-testid="cs-device-tag"
          >
            {names.get(d) ?? `#${d}`}
          </Tag>
        ))}
      </Flex>
      {devices.length < CUSTOM_SCREEN_LIMITS.alarmDevices ? (
        <div style={{ marginTop: 6 }}>
          <PointSelect
            testId="cs-prop"
            deviceOnly
            onPick={(d) => (devices.includes(d) ? undefined : onChange([...devices, d]))}
          />
        </div>
      ) : null}
    </>
  );
}
