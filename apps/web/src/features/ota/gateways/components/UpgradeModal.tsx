import type { OtaCommandRow, OtaGatewayRow } from '@fleet/contracts';
import { App, type ButtonProps, Form, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplications } from '../../apps/api/list-applications';
import { useSendGatewayCommand } from '../api/send-gateway-command';

/** upgrade: one gateway to a chosen firmware package (a one-gateway plan on the server). */
export function UpgradeModal({
  gateway,
  onClose,
  onSent,
}: {
  gateway?: OtaGatewayRow;
  onClose: () => void;
  onSent: (rows: OtaCommandRow[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ application_id: number }>();
  const apps = useApplications({ page: 1, limit: 100 });
  const send = useSendGatewayCommand();
  useEffect(() => {
    if (gateway) form.resetFields();
  }, [gateway, form]);

  const submit = async () => {
    if (!gateway) return;
    const { application_id } = await form.validateFields();
    const row = await send.mutateAsync({ id: gateway.id, kind: 'upgrade', applicationId: application_id });
    onSent([row]);
    void message.info(
      t('otaGateways.cmd.sent', { command: t('otaGateways.cmd.upgrade'), imei: gateway.imei }),
    );
    onClose();
  };

  const options = (apps.data?.rows ?? []).map((a) => ({
    value: a.id,
    label: `${a.name} ${a.version} (${a.models.join(', ')})`,
    disabled: gateway?.model ? !a.models.includes(gateway.model) : false,
  }));

  return (
    <Modal
      open={gateway !== undefined}
      title={gateway ? t('otaGateways.cmd.upgradeTitle', { imei: gateway.imei }) : ''}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={send.isPending}
      okButtonProps={{ 'data-testid': 'ota-upgrade-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('otaGateways.cmd.upgradeHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="application_id"
          label={t('otaGateways.cmd.pickApp')}
          rules={[{ required: true, message: t('otaGateways.form.required') }]}
        >
          <Select
            options={options}
            loading={apps.isPending}
            notFoundContent={t('otaGateways.cmd.noApps')}
            data-testid="ota-upgrade-app"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
