import { AlertOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type TriggerRow, thresholdText } from '@fleet/contracts';
import { Badge, Button, Empty, Flex, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { LoadError } from '../../../shared/components/LoadError';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { Permit } from '../../../shared/permission/Permit';
import { useDeleteTrigger } from '../api/delete-trigger';
import { useAlarmLevelOptions } from '../api/list-alarm-level-options';
import { useSaveTrigger } from '../api/save-trigger';
import { useTriggers } from '../api/triggers';
import { levelView } from '../lib/trigger-form';
import { TriggerDrawer } from './TriggerDrawer';

/**
 * Every trigger of the device (GET /trigger), with add / edit / delete and the enabled switch.
 * Devices seen through an assignment are read-only here (the API refuses assignees' changes).
 */
export function TriggersTab({ deviceId, readOnly }: { deviceId: number; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const triggers = useTriggers(deviceId);
  const levels = useAlarmLevelOptions();
  const save = useSaveTrigger(deviceId);
  const remove = useDeleteTrigger(deviceId);
  const [drawer, setDrawer] = useState<{ open: boolean; trigger?: TriggerRow }>({ open: false });
  const na = t('common.na');

  const condition = (r: TriggerRow) => {
    if (r.kind === 'limit') return thresholdText(r.trigger_optype, r.trigger_threshold) || na;
    if (r.kind === 'code') return t('devices.trigger.codeCondition');
    if (r.kind === 'stale') return t('devices.trigger.staleCondition', { count: r.stale_s });
    return t('devices.trigger.offlineCondition');
  };
  const setEnabled = (r: TriggerRow, enabled: boolean) =>
    save.mutateAsync({ id: r.id, body: { enabled } }).catch(notifyError);

  return (
    <Flex vertical gap={12} data-testid="device-triggers">
      {!readOnly && (
        <Flex justify="flex-end">
          <Permit mode="disable">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ open: true })}
              data-testid="trigger-add"
            >
              {t('devices.trigger.add')}
            </Button>
          </Permit>
        </Flex>
      )}
      {triggers.error ? <LoadError testId="triggers-error" onRetry={() => void triggers.refetch()} /> : null}
      <Table<TriggerRow>
        rowKey="id"
        size="small"
        loading={triggers.isFetching}
        dataSource={triggers.data ?? []}
        scroll={{ x: 1100 }}
        pagination={false}
        locale={{
          emptyText: triggers.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.trigger.empty')} />
          ),
        }}
        data-testid="triggers-table"
        onRow={(row) => ({ 'data-testid': `trigger-row-${row.id}` }) as object}
        columns={[
          {
            title: t('devices.trigger.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (v: TriggerRow['kind']) => (
              <Tag data-testid="trigger-kind-tag">{t(`devices.trigger.kinds.${v}`)}</Tag>
            ),
          },
          {
            title: t('devices.trigger.point'),
            key: 'point',
            width: 150,
            ellipsis: true,
            render: (_v, r) =>
              r.point_id === null ? (
                <Typography.Text type="secondary">{t('devices.trigger.pointDevice')}</Typography.Text>
              ) : (
                `${r.point_title || r.point_name || ''}${r.point_name ? ` (${r.point_name})` : ''}`
              ),
          },
          {
            title: t('devices.trigger.title'),
            dataIndex: 'title',
            width: 120,
            ellipsis: true,
            render: (v: string) => v || na,
          },
          {
            title: t('devices.trigger.condition'),
            key: 'condition',
            width: 160,
            render: (_v, r) => (
              <Space size={4} wrap>
                <span data-testid="trigger-condition">{condition(r)}</span>
                {r.kind === 'limit' && (
                  <Typography.Text type="secondary">
                    {t(`devices.trigger.alarmTypes.${r.alarm_type === 2 ? 2 : 1}`)}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('devices.trigger.level'),
            dataIndex: 'level',
            width: 90,
            render: (v: number) => {
              const view = levelView(levels.data ?? [], v, i18n.language);
              return (
                <Tag color={view.color} style={readableTagStyle(view.color)} data-testid="trigger-level-tag">
                  {view.text}
                </Tag>
              );
            },
          },
          {
            title: t('devices.trigger.delay'),
            dataIndex: 'delay_s',
            width: 110,
            render: (v: number, r) =>
              r.kind === 'limit' || r.kind === 'offline' ? t('devices.trigger.seconds', { count: v }) : na,
          },
          {
            title: t('devices.trigger.deadband'),
            dataIndex: 'deadband',
            width: 80,
            render: (v: number, r) => (r.kind === 'limit' ? v : na),
          },
          {
            title: t('devices.trigger.stale'),
            dataIndex: 'stale_s',
            width: 90,
            render: (v: number, r) => (r.kind === 'stale' ? t('devices.trigger.seconds', { count: v }) : na),
          },
          {
            title: t('devices.trigger.enabled'),
            dataIndex: 'enabled',
            width: 80,
            render: (v: boolean, r) => (
              <Permit mode="disable">
                <Switch
                  size="small"
                  checked={v}
                  disabled={readOnly}
                  loading={save.isPending && save.variables?.id === r.id}
                  onChange={(checked) => void setEnabled(r, checked)}
                  data-testid="trigger-enabled-switch"
                />
              </Permit>
            ),
          },
          {
            title: t('devices.trigger.notify'),
            dataIndex: 'notify',
            width: 80,
            render: (v: boolean, r) => (
              <Tooltip
                title={
                  v && r.contact_ids.length > 0
                    ? `${t('devices.trigger.contacts')}: ${r.contact_ids.length}`
                    : undefined
                }
              >
                <Tag color={v ? 'blue' : 'default'}>
                  {v ? t('devices.trigger.yes') : t('devices.trigger.no')}
                </Tag>
              </Tooltip>
            ),
          },
          {
            title: t('devices.trigger.open'),
            dataIndex: 'open_alarm_id',
            width: 100,
            render: (v: number | null) =>
              v === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Tooltip title={t('devices.trigger.openTip')}>
                  <Badge status="error" text={t('devices.trigger.open')} data-testid="trigger-open-alarm" />
                </Tooltip>
              ),
          },
          ...(readOnly
            ? []
            : [
                {
                  title: t('devices.common.actions'),
                  key: 'a',
                  width: 90,
                  fixed: 'right' as const,
                  render: (_v: unknown, r: TriggerRow) => (
                    <Space size={0}>
                      <Permit mode="disable">
                        <Button
                          type="link"
                          size="small"
                          icon={<EditOutlined />}
                          onClick={() => setDrawer({ open: true, trigger: r })}
                          aria-label={t('devices.common.edit')}
                          title={t('devices.common.edit')}
                          data-testid="trigger-edit"
                        />
                      </Permit>
                      <DeleteAction
                        name={r.title || condition(r)}
                        onDelete={() => remove.mutateAsync(r.id)}
                        testId="trigger-delete"
                      />
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      <TriggerDrawer
        deviceId={deviceId}
        open={drawer.open}
        trigger={drawer.trigger}
        onClose={() => setDrawer({ open: false })}
      />
    </Flex>
  );
}

/** The points table's "Alarm" row action: opens the trigger drawer with that point preselected. */
export function PointAlarmAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      icon={<AlertOutlined />}
      onClick={onClick}
      aria-label={t('devices.trigger.alarmAction')}
      title={t('devices.trigger.alarmAction')}
      data-testid="point-alarm"
    />
  );
}
