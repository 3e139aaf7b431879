import type { MapDevice } from '@fleet/contracts';
import { Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/permission/permission';
import { useLastPoints } from '../../devices/api/live';
import { formatPointValue } from '../../devices/lib/live-format';
import { statusTagView } from '../../devices/lib/status';
import { scadaViewPath } from '../../scada/list/view-path';
import { useDeviceScada } from '../api/get-device-scada';
import type { StatusOverrides } from '../hooks/use-live-map-status';

/** Points a popup lists; the rest are on the device detail page. */
const POPUP_POINTS = 6;

/**
 * The popup of a device on the map: title, status, its latest values (kept live through /wss), and
 * links to the detail page, its history and its SCADA picture (the newest SCADA template drawn for its
 * device template, opened for this device), each only with the permission its page needs.
 */
export function DevicePopup({
  device,
}: {
  device: { id: number; title: string; status: number; alarmType: number };
}) {
  const { t } = useTranslation();
  const canManage = usePermission('DeviceManage');
  const canScada = usePermission('IndScada');
  const values = useLastPoints(device.id);
  const scada = useDeviceScada(device.id, canScada).data?.rows[0];
  const tag = statusTagView(device.status, device.alarmType);
  return (
    <div className="device-popup" data-testid="device-map-popup">
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis style={{ maxWidth: 200 }}>
          {device.title}
        </Typography.Text>
        <Tag color={tag.color}>{t(tag.key, tag.params)}</Tag>
      </Flex>
      {values.isPending ? (
        <Spin size="small" />
      ) : (values.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">{t('screens.map.noValues')}</Typography.Text>
      ) : (
        <table className="device-popup-values">
          <tbody>
            {(values.data ?? []).slice(0, POPUP_POINTS).map((p) => (
              <tr key={p.point_id}>
                <td>{p.title || p.name}</td>
                <td>
                  {formatPointValue(p.value, { decimals: p.decimals })?.text ?? '—'} {p.unit}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Flex gap={12}>
        {canManage && <Link to={`/device/detail/${device.id}`}>{t('screens.map.detail')}</Link>}
        <Link to={`/dataCenter/history?device_id=${device.id}`}>{t('screens.map.history')}</Link>
        {scada ? (
          <Link
            to={scadaViewPath(scada.id, device.id)}
            title={scada.name}
            data-testid="device-map-popup-scada"
          >
            {t('screens.map.scada')}
          </Link>
        ) : null}
      </Flex>
    </div>
  );
}

/**
 * The map's popup renderer for the rows of a map answer: the device's popup, its status taken from the
 * live overrides when /wss has moved it since the rows were read.
 */
export function devicePopupRenderer(rows: readonly MapDevice[], overrides: StatusOverrides) {
  const byId = new Map(rows.map((d) => [d.id, d]));
  return (id: number) => {
    const row = byId.get(id);
    if (!row) return null;
    const live = overrides.get(id);
    return (
      <DevicePopup
        device={{
          id,
          title: row.device_title,
          status: live?.status ?? row.status,
          alarmType: live?.alarmType ?? row.alarm_type,
        }}
      />
    );
  };
}
