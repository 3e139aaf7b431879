import { FileProtectOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Collapse,
  Descriptions,
  Drawer,
  Flex,
  Popconfirm,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { LoadError } from '../../../shared/components/LoadError';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { Permit } from '../../../shared/permission/Permit';
import { formatTime } from '../../devices/lib/labels';
import { useSystemConfig } from '../../system/api/get-system-config';
import { useEnforcementRecord } from '../api/enforcement-record';
import { useHandleEnforcementRecord } from '../api/handle-enforcement-record';
import { EnforcementMedia } from './EnforcementMedia';
import { WorkOrderStatusTag } from './WorkOrderTags';

const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 12,
  wordBreak: 'break-all',
} as const;

/** One record: its fields, files, hash and link, its work order; "handle as work order". Full width on a phone. */
export function EnforcementDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const detail = useEnforcementRecord(id);
  const handle = useHandleEnforcementRecord();
  const maintenanceOn = useSystemConfig().data?.modules.maintenanceManage === true;
  const record = detail.data;
  const na = t('common.na');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? window.innerWidth : 680}
      title={record ? t('enforcement.detail', { seq: record.seq }) : t('menu.enforcementRecords')}
      destroyOnHidden
      data-testid="enforcement-drawer"
      styles={{ body: { padding: mobile ? 12 : 24 } }}
    >
      {detail.error ? <LoadError onRetry={() => void detail.refetch()} /> : null}
      {!record ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap align="center" justify="space-between">
            <Flex gap={4} wrap>
              <Tag color="geekblue">{t(`enforcement.type.${record.type}`)}</Tag>
              {record.order_id !== null ? (
                <span data-testid="enforcement-order">
                  <Tag>{`${t('enforcement.field.order')} #${record.order_id}`}</Tag>
                  <WorkOrderStatusTag status={record.order_status ?? 0} />
                </span>
              ) : (
                <Tag data-testid="enforcement-order">{t('enforcement.noOrder')}</Tag>
              )}
            </Flex>
            {maintenanceOn && (record.order_id === null || (record.order_status ?? 0) >= 3) && (
              <Permit perm="maintenance.Enforcement/handle">
                <Popconfirm
                  title={t('enforcement.handleTitle')}
                  onConfirm={() =>
                    handle.mutate(
                      { id: record.id },
                      {
                        onSuccess: (order) =>
                          void message.success(t('enforcement.handleDone', { id: order.id })),
                        onError: (error) => notifyError(error),
                      },
                    )
                  }
                  okButtonProps={
                    { 'data-testid': 'enforcement-handle-confirm' } as Record<`data-${string}`, string>
                  }
                >
                  <Button
                    type="primary"
                    icon={<FileProtectOutlined />}
                    loading={handle.isPending}
                    data-testid="enforcement-handle"
                  >
                    {t('enforcement.handle')}
                  </Button>
                </Popconfirm>
              </Permit>
            )}
          </Flex>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('enforcement.field.occurredAt')}>
              {formatTime(record.occurred_at, na)}
            </Descriptions.Item>
            <Descriptions.Item label={t('enforcement.field.device')}>
              {record.device_title || na}
            </Descriptions.Item>
            {record.asset_id !== null && (
              <Descriptions.Item label={t('enforcement.field.asset')}>{record.asset_id}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('enforcement.field.site')}>{record.site || na}</Descriptions.Item>
            <Descriptions.Item label={t('enforcement.field.location')}>
              {record.lat !== null ? `${record.lat}, ${record.lng}` : na}
            </Descriptions.Item>
            <Descriptions.Item label={t('enforcement.field.officer')}>
              {record.officer_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('enforcement.field.createdAt')}>
              {formatTime(record.created_at, na)}
            </Descriptions.Item>
          </Descriptions>
          <section>
            <Typography.Text strong>{t('enforcement.field.description')}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>
              {record.description}
            </Typography.Paragraph>
          </section>
          {record.files.length > 0 && (
            <section>
              <Typography.Text strong>{t('enforcement.field.files')}</Typography.Text>
              <Flex gap={8} wrap style={{ marginTop: 8 }} data-testid="enforcement-files">
                {record.files.map((f) => (
                  <EnforcementMedia key={f.hash} recordId={record.id} file={f} />
                ))}
              </Flex>
            </section>
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('enforcement.field.hash')}>
              <span style={mono} data-testid="enforcement-hash">
                {record.hash}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('enforcement.field.prevHash')}>
              <span style={mono}>{record.prev_hash}</span>
            </Descriptions.Item>
          </Descriptions>
          <Collapse
            size="small"
            items={[
              {
                key: 'canonical',
                label: t('enforcement.canonical'),
                children: (
                  <pre style={{ ...mono, whiteSpace: 'pre-wrap', margin: 0 }}>{record.canonical}</pre>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
