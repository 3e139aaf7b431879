import type { ScadaRow } from '@fleet/contracts';
import { Alert, Flex, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTemplateDevices } from '../../../devices/api/template-devices';
import { scadaViewPath } from '../view-path';

/** A SCADA template is shown for one device of its device template: ask which, then open the view. */
export function OpenTemplateModal({
  row,
  templateName,
  onClose,
}: {
  row?: ScadaRow;
  templateName?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deviceId, setDeviceId] = useState<number>();
  const templateId = row?.template_id ?? undefined;
  const devices = useTemplateDevices(row ? templateId : undefined);
  const close = () => {
    setDeviceId(undefined);
    onClose();
  };

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('scadaList.openTitle', { name: row.name }) : ''}
      onCancel={close}
      okText={t('scadaList.open')}
      okButtonProps={{ disabled: deviceId === undefined, 'data-testid': 'scada-open-ok' }}
      onOk={() => {
        if (!row || deviceId === undefined) return;
        close();
        navigate(scadaViewPath(row.id, deviceId));
      }}
      destroyOnHidden
    >
      <div data-testid="scada-open-modal">
        {templateId === undefined ? (
          <Alert type="warning" showIcon message={t('scadaList.openNoTemplate')} />
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">
              {t('scadaList.openHint', { template: templateName ?? `#${templateId}` })}
            </Typography.Text>
            {devices.isSuccess && devices.data.length === 0 && (
              <Alert
                type="info"
                showIcon
                message={t('scadaList.openNoDevices')}
                data-testid="scada-open-no-devices"
              />
            )}
            <Select
              showSearch
              optionFilterProp="label"
              value={deviceId}
              onChange={setDeviceId}
              loading={devices.isFetching}
              placeholder={t('scadaList.openDevicePlaceholder')}
              notFoundContent={devices.isFetching ? undefined : t('scadaList.openNoDevices')}
              options={(devices.data ?? []).map((d) => ({
                value: d.id,
                label: `${d.device_title} (${d.device_imei})`,
              }))}
              aria-label={t('scadaList.openDevice')}
              data-testid="scada-open-device"
            />
          </Flex>
        )}
      </div>
    </Modal>
  );
}
