import { ToolOutlined } from '@ant-design/icons';
import type { AlarmLogRow } from '@fleet/contracts';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../../shared/permission/permission';
import { useSystemConfig } from '../../system/api/get-system-config';
import { CreateWorkOrderDrawer } from './CreateWorkOrderDrawer';

/**
 * The alarm log's "create repair order" action (issue 22): a repair work order linked to the alarm and
 * its device; the server marks the alarm dispatched in the same transaction. Shown with the maintenance
 * module on and maintenance.WorkOrder/add, for alarms (not recovery rows) not yet dispatched.
 */
export function RepairOrderAction({ row }: { row: AlarmLogRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mayAdd = useCanWrite('maintenance.WorkOrder/add');
  const moduleOn = useSystemConfig().data?.modules.maintenanceManage === true;
  if (!mayAdd || !moduleOn || row.cause === 'recovered') return null;
  const title = t('maintenance.fromAlarm');
  return (
    <>
      <Tooltip title={title}>
        <Button
          type="link"
          size="small"
          icon={<ToolOutlined />}
          aria-label={title}
          disabled={row.dispatch_status === 1}
          onClick={() => setOpen(true)}
          data-testid="alarm-action-repair"
        />
      </Tooltip>
      {open && (
        <CreateWorkOrderDrawer
          open
          preset={{
            alarm_id: row.id,
            title: t('maintenance.alarmOrderTitle', { device: row.device_title || row.device_imei }),
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
