import { EditOutlined, PrinterOutlined, ToolOutlined } from '@ant-design/icons';
import type { AssetDetail } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { Permit } from '../../../shared/permission/Permit';
import { usePermission } from '../../../shared/permission/permission';
import { formatTime } from '../../devices/lib/labels';
import { CreateWorkOrderDrawer } from '../../maintenance/components/CreateWorkOrderDrawer';
import { WorkOrderDrawer } from '../../maintenance/components/WorkOrderDrawer';
import { WorkOrderStatusTag, WorkOrderTypeTag } from '../../maintenance/components/WorkOrderTags';
import { useSystemConfig } from '../../system/api/get-system-config';
import { assetKeys } from '../api/assets';
import { useDeleteAsset } from '../api/delete-asset';
import { AssetAttachments } from './AssetAttachments';
import { AssetFormDrawer } from './AssetFormDrawer';
import { AssetStatusTag, WarrantyTag } from './AssetTags';

/**
 * One asset: its fields and warranty, attachments, its work orders (repair history), and the actions
 * (edit, print its label, raise a work order on it, delete). Used by the list's drawer and the page
 * its QR label opens.
 */
export function AssetDetailView({ asset, onDeleted }: { asset: AssetDetail; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [raising, setRaising] = useState(false);
  const [orderId, setOrderId] = useState<number | null>(null);
  const remove = useDeleteAsset();
  const queryClient = useQueryClient();
  const ordersOn = useSystemConfig().data?.modules.maintenanceManage === true;
  const readsOrders = usePermission([
    'maintenance.WorkOrder/index',
    'maintenance.WorkOrder/dispatch',
    'maintenance.Repair/index',
  ]);
  const na = t('common.na');
  const position = asset.lat !== null && asset.lng !== null ? `${asset.lat}, ${asset.lng}` : null;

  return (
    <Flex vertical gap={16} data-testid="asset-detail">
      <Flex gap={4} wrap>
        <AssetStatusTag status={asset.status} />
        <WarrantyTag row={asset} />
      </Flex>
      <Flex gap={8} wrap>
        <Permit perm="maintenance.Asset/edit">
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="asset-edit">
            {t('assets.edit')}
          </Button>
        </Permit>
        <Link to={`/maintenance/asset/labels?ids=${asset.id}`} data-testid="asset-print-label">
          <Button icon={<PrinterOutlined />}>{t('assets.printLabels')}</Button>
        </Link>
        {ordersOn && (
          <Permit perm="maintenance.WorkOrder/add">
            <Button icon={<ToolOutlined />} onClick={() => setRaising(true)} data-testid="asset-raise-order">
              {t('assets.orders.raise')}
            </Button>
          </Permit>
        )}
        <Permit perm="maintenance.Asset/delete">
          <DeleteAction
            name={`${asset.code} ${asset.name}`}
            onDelete={() => remove.mutateAsync(asset.id).then(() => onDeleted?.())}
            testId="asset-delete"
          />
        </Permit>
      </Flex>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('assets.field.code')}>
          <span data-testid="asset-detail-code">{asset.code}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.field.model')}>{asset.model || na}</Descriptions.Item>
        <Descriptions.Item label={t('assets.field.category')}>{asset.category || na}</Descriptions.Item>
        <Descriptions.Item label={t('assets.field.supplier')}>{asset.supplier || na}</Descriptions.Item>
        <Descriptions.Item label={t('assets.field.device')}>
          {asset.device_id !== null ? (
            <Link to={`/device/detail/${asset.device_id}`} data-testid="asset-detail-device">
              {asset.device_title}
            </Link>
          ) : (
            na
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.field.location')}>
          {asset.location || na}
          {position && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {position}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.field.installedOn')}>
          {asset.installed_on ?? na}
        </Descriptions.Item>
        <Descriptions.Item label={t('assets.field.warrantyUntil')}>
          {asset.warranty_until ?? na}
        </Descriptions.Item>
        {asset.notes ? (
          <Descriptions.Item label={t('assets.field.notes')}>{asset.notes}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <AssetAttachments asset={asset} />
      <Divider style={{ margin: 0 }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('assets.orders.title')}
      </Typography.Title>
      <List
        size="small"
        dataSource={asset.work_orders}
        locale={{ emptyText: t('assets.orders.none') }}
        renderItem={(o) => (
          <List.Item
            data-testid="asset-work-order"
            onClick={readsOrders ? () => setOrderId(o.id) : undefined}
            style={{ cursor: readsOrders ? 'pointer' : undefined, minHeight: 44 }}
          >
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Text ellipsis>
                #{o.id} {o.title}
              </Typography.Text>
              <Flex gap={4} wrap align="center">
                <WorkOrderStatusTag status={o.status} />
                <WorkOrderTypeTag type={o.type} />
                <Typography.Text type="secondary">{formatTime(o.created_at, na)}</Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      <AssetFormDrawer open={editing} asset={asset} onClose={() => setEditing(false)} />
      <CreateWorkOrderDrawer
        open={raising}
        preset={{ asset_id: asset.id, title: `${asset.code} ${asset.name}` }}
        onClose={() => setRaising(false)}
        onCreated={(id) => {
          void queryClient.invalidateQueries({ queryKey: assetKeys.detail(asset.id) });
          if (readsOrders) setOrderId(id);
        }}
      />
      <WorkOrderDrawer id={orderId} onClose={() => setOrderId(null)} />
    </Flex>
  );
}
