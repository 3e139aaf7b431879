import type { WorkOrderDetail, WorkOrderEvent } from '@fleet/contracts';
import { App, Button, Flex, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../../shared/permission/permission';
import { useAssignees } from '../api/list-assignees';
import { useWorkOrderAction } from '../api/work-order-action';

/** Events that ask for a note first: the assignee (dispatch) or why (return, end). */
const ASKS = new Set<WorkOrderEvent>(['dispatch', 'return', 'end']);

/**
 * The buttons of the events the server says the caller may fire now (`allowed_events`, from the
 * transition table). Recording work has its own form, so it is not a button here.
 */
export function WorkOrderActions({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const action = useWorkOrderAction();
  const mayWrite = useCanWrite();
  const [asking, setAsking] = useState<WorkOrderEvent | null>(null);
  const [note, setNote] = useState('');
  const [assignee, setAssignee] = useState<number | undefined>(order.assignee_id ?? undefined);
  const assignees = useAssignees(asking === 'dispatch');

  const fire = async (event: WorkOrderEvent, body: Record<string, unknown>) => {
    const done = await action.mutateAsync({ id: order.id, event, body }).catch(() => null);
    if (!done) return;
    void message.success(t('maintenance.done'));
    setAsking(null);
    setNote('');
  };

  const buttons = order.allowed_events.filter((e) => e !== 'record');
  if (!mayWrite || buttons.length === 0) return null;
  const needsNote = asking === 'return' || asking === 'end';
  return (
    <Flex gap={8} wrap>
      {buttons.map((event) => (
        <Button
          key={event}
          size="large"
          type={event === 'accept' || event === 'close' ? 'primary' : 'default'}
          danger={event === 'end'}
          loading={action.isPending && action.variables?.event === event}
          onClick={() => (ASKS.has(event) ? setAsking(event) : void fire(event, { note: '' }))}
          data-testid={`work-order-${event}`}
          style={{ minWidth: 96 }}
        >
          {t(`maintenance.event.${event}`)}
        </Button>
      ))}
      <Modal
        open={asking !== null}
        title={asking ? t(`maintenance.event.${asking}`) : ''}
        onCancel={() => setAsking(null)}
        destroyOnHidden
        okButtonProps={{
          disabled: (asking === 'dispatch' && !assignee) || (needsNote && !note.trim()),
          loading: action.isPending,
          'data-testid': 'work-order-confirm',
        }}
        onOk={() =>
          asking &&
          void fire(
            asking,
            asking === 'dispatch' ? { assignee_id: assignee, note: note.trim() } : { note: note.trim() },
          )
        }
      >
        <Flex vertical gap={12}>
          {asking === 'dispatch' && (
            <Select
              size="large"
              showSearch
              optionFilterProp="label"
              placeholder={t('maintenance.pickAssignee')}
              value={assignee}
              onChange={setAssignee}
              loading={assignees.isLoading}
              options={(assignees.data ?? []).map((u) => ({
                value: u.id,
                label: `${u.name} (${u.username})`,
              }))}
              data-testid="work-order-dispatch-assignee"
            />
          )}
          {asking === 'end' && <div>{t('maintenance.confirmEnd')}</div>}
          <Input.TextArea
            rows={3}
            maxLength={2000}
            placeholder={needsNote ? t('maintenance.field.reason') : t('maintenance.field.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="work-order-note"
          />
        </Flex>
      </Modal>
    </Flex>
  );
}
