import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeviceDetail, PortRow } from '@fleet/contracts';
import { Button, Empty, Flex, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { Permit } from '../../../shared/permission/Permit';
import { useDeletePort } from '../api/delete-port';
import { PortDrawer } from './PortDrawer';

/** The ports of a gateway (docs/api-devices.md /device/{id}/port); the list comes with the detail. */
export function PortsTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const remove = useDeletePort(device.id);
  const [drawer, setDrawer] = useState<{ open: boolean; port?: PortRow }>({ open: false });
  const settings = (p: PortRow) =>
    p.kind === 'tcp'
      ? t('devices.port.kind_tcp')
      : `${p.baud} ${p.data_bits}${p.parity}${p.stop_bits} · ${p.uart_read_ms} ms`;

  return (
    <Flex vertical gap={12} data-testid="device-ports">
      <Flex justify="flex-end">
        <Permit mode="disable">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true })}
            data-testid="port-add"
          >
            {t('devices.port.add')}
          </Button>
        </Permit>
      </Flex>
      <Table<PortRow>
        rowKey="id"
        size="middle"
        dataSource={device.ports}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.port.empty')} />,
        }}
        data-testid="ports-table"
        columns={[
          { title: t('devices.port.name'), dataIndex: 'name' },
          {
            title: t('devices.port.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (v: string) => <Tag>{t(`devices.port.kind_${v}`)}</Tag>,
          },
          { title: t('devices.port.settings'), key: 'settings', render: (_v, p) => settings(p) },
          { title: t('devices.port.pollInterval'), dataIndex: 'poll_interval_s', width: 150 },
          {
            title: t('devices.common.actions'),
            key: 'a',
            width: 110,
            render: (_v, row) => (
              <Space size={0}>
                <Permit mode="disable">
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setDrawer({ open: true, port: row })}
                    aria-label={t('devices.common.edit')}
                    title={t('devices.common.edit')}
                    data-testid="port-edit"
                  />
                </Permit>
                <DeleteAction
                  name={row.name}
                  description={t('devices.port.deleteHint')}
                  onDelete={() => remove.mutateAsync({ deviceId: device.id, portId: row.id })}
                  testId="port-delete"
                />
              </Space>
            ),
          },
        ]}
      />
      <PortDrawer
        deviceId={device.id}
        port={drawer.port}
        open={drawer.open}
        onClose={() => setDrawer({ open: false })}
      />
    </Flex>
  );
}
