import type { AllocationUser, DeviceRow } from '@fleet/contracts';
import {
  App,
  Button,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { type ReallocationAction, useReallocate } from '../api/reallocate';
import { useReallocation } from '../api/reallocation';

const userLabel = (u: AllocationUser) => (u.nick_name ? `${u.username} (${u.nick_name})` : u.username);

/**
 * Who owns a device and who it is assigned to; assign it to a user below the caller, unassign, or
 * transfer it (a new owner, assignments cleared: confirmed first). docs/api-devices.md reallocation.
 */
export function ReallocationModal({ device, onClose }: { device?: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const data = useReallocation(device?.id);
  const act = useReallocate();
  const [userId, setUserId] = useState<number>();
  const name = device ? device.device_title || device.device_imei : '';

  useEffect(() => {
    if (device) setUserId(undefined);
  }, [device]);

  const run = async (action: ReallocationAction, user: number, done: string) => {
    if (!device) return;
    try {
      await act.mutateAsync({ deviceId: device.id, action, userId: user });
      void message.success(t(done));
      if (action === 'transfer') onClose();
      else setUserId(undefined);
    } catch {
      // shown by the client
    }
  };

  const r = data.data;
  const assignedIds = new Set(r?.assigned.map((u) => u.user_id));
  const candidates = (r?.candidates ?? []).filter((u) => u.user_id !== r?.owner.user_id);
  const chosen = candidates.find((u) => u.user_id === userId);
  // An assigned user can still receive the device by transfer, not a second assignment.
  const canAssign = chosen !== undefined && !assignedIds.has(chosen.user_id);

  return (
    <Modal
      open={device !== undefined}
      onCancel={onClose}
      footer={null}
      width={640}
      title={t('devices.realloc.title', { name })}
      destroyOnHidden
      data-testid="reallocation-modal"
    >
      {data.isPending ? (
        <Skeleton active />
      ) : data.error || !r ? (
        <LoadError onRetry={() => void data.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[{ key: 'owner', label: t('devices.realloc.owner'), children: userLabel(r.owner) }]}
            data-testid="reallocation-owner"
          />
          <div>
            <div style={{ fontWeight: 500, marginBottom: 8 }}>{t('devices.realloc.assigned')}</div>
            {r.assigned.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.realloc.none')} />
            ) : (
              <Flex vertical gap={6} data-testid="reallocation-assigned">
                {r.assigned.map((u) => (
                  <Flex
                    key={u.user_id}
                    justify="space-between"
                    align="center"
                    style={{ padding: '6px 12px', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}
                  >
                    <Space size={6}>
                      <span>{userLabel(u)}</span>
                      {u.is_subuser && <Tag>{t('devices.realloc.subuser')}</Tag>}
                    </Space>
                    <Popconfirm
                      title={t('devices.realloc.unassignConfirm', { user: u.username })}
                      onConfirm={() => run('unassign', u.user_id, 'devices.realloc.unassignedOk')}
                    >
                      <Button type="link" size="small" danger data-testid="reallocation-unassign">
                        {t('devices.realloc.unassign')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ))}
              </Flex>
            )}
          </div>
          <Flex gap={8} wrap align="center">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              value={userId}
              onChange={setUserId}
              placeholder={t('devices.realloc.pickUser')}
              notFoundContent={t('devices.realloc.noCandidates')}
              options={candidates.map((u) => ({
                value: u.user_id,
                label: u.is_subuser ? `${userLabel(u)} · ${t('devices.realloc.subuser')}` : userLabel(u),
              }))}
              style={{ flex: 1, minWidth: 240 }}
              data-testid="reallocation-user"
            />
            <Button
              type="primary"
              disabled={!canAssign}
              loading={act.isPending && act.variables?.action === 'assign'}
              onClick={() => chosen && void run('assign', chosen.user_id, 'devices.realloc.assignedOk')}
              data-testid="reallocation-assign"
            >
              {t('devices.realloc.assign')}
            </Button>
            <Popconfirm
              disabled={!chosen || chosen.is_subuser}
              title={t('devices.realloc.transferConfirm', { name, user: chosen?.username ?? '' })}
              okButtonProps={{ danger: true }}
              onConfirm={() => chosen && run('transfer', chosen.user_id, 'devices.realloc.transferredOk')}
            >
              <Button
                danger
                disabled={!chosen || chosen.is_subuser}
                loading={act.isPending && act.variables?.action === 'transfer'}
                data-testid="reallocation-transfer"
              >
                {t('devices.realloc.transfer')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
