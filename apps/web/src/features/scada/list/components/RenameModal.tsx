import type { ScadaRow } from '@fleet/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRenameScada } from '../api/rename-scada';

/** Rename a drawing; a stale row (someone saved meanwhile) answers 20000, shown translated by the client. */
export function RenameModal({ row, onClose }: { row?: ScadaRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameScada();

  const submit = async () => {
    if (!row) return;
    const { name } = await form.validateFields();
    const ok = await rename
      .mutateAsync({ id: row.id, name: name.trim(), version: row.version })
      .then(() => true)
      .catch(() => false);
    if (!ok) return;
    void message.success(t('scadaList.renamed'));
    onClose();
  };

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('scadaList.renameTitle', { name: row.name }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={rename.isPending}
      okButtonProps={{ 'data-testid': 'scada-rename-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: row?.name ?? '' }}>
        <Form.Item
          name="name"
          label={t('scadaList.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('scadaList.nameRule') }]}
        >
          <Input maxLength={64} autoFocus data-testid="scada-rename-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
