import { AppstoreAddOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeviceDetail, SlaveRow } from '@fleet/contracts';
import { App, Button, Drawer, Empty, Flex, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { LoadError } from '../../../shared/components/LoadError';
import { showSaveError } from '../../../shared/forms/server-error';
import { Permit } from '../../../shared/permission/Permit';
import { useDeleteSlave } from '../api/delete-slave';
import { useSaveSlave } from '../api/save-slave';
import { useSlaves } from '../api/slaves';
import { downloadFile } from '../api/transfer';
import { ApplyTemplateModal } from './ApplyTemplateModal';

function SlaveDrawer({
  device,
  slave,
  open,
  onClose,
}: {
  device: DeviceDetail;
  slave?: SlaveRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; slave_id: number; port_id?: number | null }>();
  const save = useSaveSlave(device.id);
  useEffect(() => {
    if (open)
      form.setFieldsValue(
        slave
          ? { name: slave.name, slave_id: slave.slave_id, port_id: slave.port_id }
          : { name: '', slave_id: undefined, port_id: null },
      );
  }, [open, slave, form]);
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        deviceId: device.id,
        sid: slave?.id,
        body: { name: v.name.trim(), slave_id: v.slave_id, port_id: v.port_id ?? null },
      });
      void message.success(t('devices.common.saved'));
      onClose();
    } catch (error) {
      showSaveError(form, error, ['name', 'slave_id', 'port_id']);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={420}
      title={slave ? t('devices.slave.editTitle') : t('devices.slave.addTitle')}
      destroyOnHidden
      data-testid="slave-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="slave-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('devices.slave.name')}
          rules={[{ required: true, whitespace: true, message: t('devices.common.required') }, { max: 64 }]}
        >
          <Input maxLength={64} data-testid="slave-form-name" />
        </Form.Item>
        <Form.Item
          name="slave_id"
          label={t('devices.slave.slaveId')}
          rules={[
            { required: true, message: t('devices.common.required') },
            { type: 'integer', min: 1, max: 254, message: t('devices.slave.slaveIdRule') },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} data-testid="slave-form-id" />
        </Form.Item>
        <Form.Item name="port_id" label={t('devices.slave.port')}>
          <Select allowClear options={device.ports.map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

export function SlavesTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const gateway = device.device_class === 'DTUGW';
  const slaves = useSlaves(device.id, gateway);
  const remove = useDeleteSlave(device.id);
  const [drawer, setDrawer] = useState<{ open: boolean; slave?: SlaveRow }>({ open: false });
  const [applying, setApplying] = useState(false);
  const [exporting, setExporting] = useState(false);
  // The xlsx answer needs the token header, so it goes through the authorised fetch, not a plain link.
  const exportSlaves = () => {
    setExporting(true);
    downloadFile(`/device/${device.id}/slavedevice/export`, `slaves-${device.device_imei}.xlsx`)
      .catch(notifyError)
      .finally(() => setExporting(false));
  };
  const portName = (id: number | null) =>
    device.ports.find((p) => p.id === id)?.name ?? t('devices.common.none');
  if (!gateway) return <Empty description={t('devices.slave.gatewayOnly')} />;
  return (
    <Flex vertical gap={12} data-testid="device-slaves">
      <Flex gap={8} justify="flex-end">
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={exportSlaves}
          data-testid="slave-export"
        >
          {t('devices.port.exportSlaves')}
        </Button>
        <Permit mode="disable">
          <Button
            icon={<AppstoreAddOutlined />}
            onClick={() => setApplying(true)}
            data-testid="slave-apply-template"
          >
            {t('devices.slave.applyTemplate')}
          </Button>
        </Permit>
        <Permit mode="disable">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true })}
            data-testid="slave-add"
          >
            {t('devices.slave.add')}
          </Button>
        </Permit>
      </Flex>
      {slaves.error ? <LoadError onRetry={() => void slaves.refetch()} /> : null}
      <Table<SlaveRow>
        rowKey="id"
        size="middle"
        loading={slaves.isFetching}
        dataSource={slaves.data ?? []}
        pagination={false}
        locale={{
          emptyText: slaves.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.common.empty')} />
          ),
        }}
        data-testid="slaves-table"
        columns={[
          { title: t('devices.slave.name'), dataIndex: 'name' },
          { title: t('devices.slave.slaveId'), dataIndex: 'slave_id', width: 120 },
          {
            title: t('devices.slave.port'),
            dataIndex: 'port_id',
            width: 140,
            render: (v: number | null) => portName(v),
          },
          { title: t('devices.slave.pointCount'), dataIndex: 'point_count', width: 120 },
          {
            title: t('devices.common.actions'),
            key: 'a',
            width: 110,
            render: (_v, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setDrawer({ open: true, slave: row })}
                  aria-label={t('devices.common.edit')}
                  title={t('devices.common.edit')}
                />
                <DeleteAction
                  name={row.name}
                  onDelete={() => remove.mutateAsync({ deviceId: device.id, sid: row.id })}
                  testId="slave-delete"
                />
              </Space>
            ),
          },
        ]}
      />
      <SlaveDrawer
        device={device}
        slave={drawer.slave}
        open={drawer.open}
        onClose={() => setDrawer({ open: false })}
      />
      <ApplyTemplateModal deviceId={device.id} open={applying} onClose={() => setApplying(false)} />
    </Flex>
  );
}
