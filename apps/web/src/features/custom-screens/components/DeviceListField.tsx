import { CUSTOM_SCREEN_LIMITS } from '@fleet/contracts';
import { Flex, Tag } from 'antd';
import { PointSelect } from './PointSelect';

/** The devices an alarm list, a status table or a map names: tags, and a picker to add more. */
export function DeviceListField({
  devices,
  onChange,
  allowEmpty = false,
}: {
  devices: number[];
  onChange: (devices: number[]) => void;
  /** A map may name none (then it shows all the user's devices). */
  allowEmpty?: boolean;
}) {
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
            #{d}
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
