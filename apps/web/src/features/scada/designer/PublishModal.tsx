import type { ScadaDetail } from '@fleet/contracts';
import { Alert, App, Checkbox, Empty, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/errors';
import { useTemplateDevices } from '../../devices/api/template-devices';
import { usePublishTemplate } from './api/publish-template';

/**
 * Publish a template as apps: pick devices built from its device template; the server makes one app
 * per device with the bindings resolved for it (the saved version of the template is published).
 */
export function PublishModal({
  open,
  onClose,
  detail,
  dirty,
}: {
  open: boolean;
  onClose: () => void;
  detail: ScadaDetail;
  dirty: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const devices = useTemplateDevices(open && detail.template_id !== null ? detail.template_id : undefined);
  const publish = usePublishTemplate();
  const [chosen, setChosen] = useState<number[]>([]);
  const P = (k: string, o?: Record<string, unknown>) => t(`scada.designer.publish.${k}`, o);
  return (
    <Modal
      open={open}
      title={P('title')}
      onCancel={onClose}
      okText={P('ok', { count: chosen.length })}
      okButtonProps={
        { disabled: chosen.length === 0, loading: publish.isPending, 'data-testid': 'sd-publish-ok' } as never
      }
      onOk={() =>
        publish.mutate(
          { id: detail.id, deviceIds: chosen },
          {
            onSuccess: (r) => {
              void message.success(P('done', { count: r.apps.length }));
              setChosen([]);
              onClose();
            },
            onError: (e) => void message.error(messageOf(e, t, i18n.language)),
          },
        )
      }
      destroyOnHidden
      data-testid="sd-publish-modal"
    >
      <Typography.Paragraph type="secondary">{P('hint')}</Typography.Paragraph>
      {dirty ? <Alert type="warning" showIcon title={P('unsaved')} style={{ marginBottom: 8 }} /> : null}
      {devices.isPending ? (
        <Spin />
      ) : devices.data?.length ? (
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 320, overflow: 'auto' }}
          value={chosen}
          onChange={(v) => setChosen(v as number[])}
          options={devices.data.map((d) => ({ value: d.id, label: `${d.device_title} (${d.device_imei})` }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={P('noDevices')} />
      )}
    </Modal>
  );
}
