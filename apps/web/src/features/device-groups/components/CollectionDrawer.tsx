import { App, Drawer, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { CoordinateFields } from '../../../shared/forms/CoordinateFields';
import { showSaveError } from '../../../shared/forms/server-error';
import { LocationPicker } from '../../screens/components/LocationPicker';
import type { CollectionRow } from '../api/list-collection';
import { type CollectionBody, useSaveCollection } from '../api/save-collection';
import { COLLECTION_FIELDS, type CollectionKind, FIELD_MAX } from '../lib/kinds';

interface FormValues {
  name?: string;
  remark?: string;
  address?: string;
  contact?: string;
  phone?: string;
  lat?: number | null;
  lng?: number | null;
}

/** Add / edit a group, project or company. */
export function CollectionDrawer({
  kind,
  row,
  open,
  onClose,
}: {
  kind: CollectionKind;
  row?: CollectionRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCollection();
  const fields = COLLECTION_FIELDS[kind];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue({ ...row });
  }, [open, row, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: Record<string, unknown> = { name: (v.name ?? '').trim(), remark: v.remark?.trim() ?? '' };
    for (const f of fields) body[f] = v[f]?.trim() ?? '';
    if (kind === 'project') {
      body.lat = v.lat ?? null;
      body.lng = v.lng ?? null;
    }
    try {
      await save.mutateAsync({ kind, id: row?.id, body: body as CollectionBody });
      void message.success(row ? t('devices.common.saved') : t('devices.common.added'));
      onClose();
    } catch (error) {
      showSaveError(form, error, (field) => field in body);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={480}
      title={row ? t(`deviceGroups.${kind}.editTitle`, { name: row.name }) : t(`deviceGroups.${kind}.add`)}
      destroyOnHidden
      data-testid="collection-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => void submit()}
          saving={save.isPending}
          testId="collection-form-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label={t('deviceGroups.name')}
          rules={[{ required: true, whitespace: true, message: t('devices.common.required') }, { max: 64 }]}
        >
          <Input maxLength={64} data-testid="collection-form-name" />
        </Form.Item>
        {fields.map((f) => (
          <Form.Item key={f} name={f} label={t(`deviceGroups.${f}`)} rules={[{ max: FIELD_MAX[f] }]}>
            <Input maxLength={FIELD_MAX[f]} data-testid={`collection-form-${f}`} />
          </Form.Item>
        ))}
        {kind === 'project' && <CoordinateFields />}
        {kind === 'project' && <LocationPicker />}
        <Form.Item name="remark" label={t('deviceGroups.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
