import {
  CheckCircleOutlined,
  EditOutlined,
  SendOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { type AlarmLogRow, type AlarmLogUpdate, AlarmStatus, DispatchStatus } from '@fleet/contracts';
import { App, Button, Input, Modal, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { RepairOrderAction } from '../../maintenance/components/RepairOrderAction';
import { useDeleteAlarm } from '../api/delete-alarm';
import { useUpdateAlarm } from '../api/update-alarm';

/** The remark dialog (at most 500 characters, as the contract allows). */
function RemarkModal({
  row,
  onClose,
  onSave,
  saving,
}: {
  row: AlarmLogRow | null;
  onClose: () => void;
  onSave: (remark: string) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(row?.remark ?? '');
  return (
    <Modal
      open={row !== null}
      title={t('alarms.actions.remarkTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          onClick={() => onSave(text.trim())}
          data-testid="alarm-remark-save"
        >
          {t('common.save')}
        </Button>,
      ]}
    >
      <Input.TextArea
        rows={4}
        maxLength={500}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="alarm-remark-input"
      />
    </Modal>
  );
}

/**
 * Row actions of the alarm log: handled, false alarm (both only while unhandled; "reopen" returns
 * to unhandled), dispatched toggle, a repair work order (maintenance module), remark and delete.
 */
export function AlarmRowActions({ row, canEdit }: { row: AlarmLogRow; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateAlarm();
  const remove = useDeleteAlarm();
  const [remarkOf, setRemarkOf] = useState<AlarmLogRow | null>(null);

  const save = (body: AlarmLogUpdate, done?: () => void) =>
    update
      .mutateAsync({ id: row.id, body })
      .then(() => {
        void message.success(t('common.operationSucceeded'));
        done?.();
      })
      .catch(() => undefined);

  const unhandled = row.status === AlarmStatus.UNHANDLED;
  const dispatched = row.dispatch_status === DispatchStatus.DISPATCHED;
  const busy = update.isPending;
  const action = (key: string, title: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={title}>
      <Button
        type="link"
        size="small"
        icon={icon}
        aria-label={title}
        disabled={!canEdit || busy || disabled}
        onClick={onClick}
        data-testid={`alarm-action-${key}`}
      />
    </Tooltip>
  );

  return (
    <Space size={0}>
      {unhandled
        ? action('handle', t('alarms.actions.handle'), <CheckCircleOutlined />, () =>
            save({ status: AlarmStatus.HANDLED }),
          )
        : action('reopen', t('alarms.actions.reopen'), <UndoOutlined />, () =>
            save({ status: AlarmStatus.UNHANDLED }),
          )}
      {action(
        'false',
        t('alarms.actions.falseAlarm'),
        <StopOutlined />,
        () => save({ status: AlarmStatus.FALSE_ALARM }),
        !unhandled,
      )}
      {action(
        'dispatch',
        dispatched ? t('alarms.actions.undispatch') : t('alarms.actions.dispatch'),
        <SendOutlined rotate={dispatched ? 180 : 0} />,
        () =>
          save({
            dispatch_status: dispatched ? DispatchStatus.NOT_DISPATCHED : DispatchStatus.DISPATCHED,
          }),
      )}
      <RepairOrderAction row={row} />
      {action('remark', t('alarms.actions.remark'), <EditOutlined />, () => setRemarkOf(row))}
      <DeleteAction
        name={t('alarms.actions.deleteName', { device: row.device_title || row.device_imei })}
        disabled={!canEdit}
        onDelete={() => remove.mutateAsync(row.id)}
        testId="alarm-action-delete"
      />
      {remarkOf && (
        <RemarkModal
          row={remarkOf}
          saving={busy}
          onClose={() => setRemarkOf(null)}
          onSave={(remark) => void save({ remark }, () => setRemarkOf(null))}
        />
      )}
    </Space>
  );
}
