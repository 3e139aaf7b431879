import { Alert, App, Drawer, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from '../../../shared/components/DrawerFooter';
import { useSaveRole } from '../api/save-role';
import type { Role } from '../api/types';
import { permissionsToSave } from '../lib/permission-tree';
import { isValidRoleName } from '../lib/validation';
import { PermissionTree } from './PermissionTree';

interface Values {
  name: string;
  remark?: string;
  permissions: string[];
}

export function RoleDrawer({
  open,
  role,
  held,
  myRoles,
  onClose,
}: {
  open: boolean;
  role?: Role;
  held: readonly string[];
  myRoles: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveRole();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? { name: role.name, remark: role.remark ?? '', permissions: role.permissions }
        : { name: '', remark: '', permissions: [] },
    );
  }, [open, role, form]);

  const onFinish = (values: Values) => {
    const body = {
      name: values.name.trim(),
      remark: (values.remark ?? '').trim() || null,
      permissions: permissionsToSave(values.permissions ?? [], role?.permissions ?? [], held, myRoles),
    };
    save.mutate(
      { id: role?.id, body },
      {
        onSuccess: () => {
          void message.success(role ? t('accounts.common.edited') : t('accounts.common.added'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={role ? t('accounts.roles.editTitle', { name: role.name }) : t('accounts.roles.addTitle')}
      data-testid="role-drawer"
      footer={
        <DrawerFooter
          onCancel={onClose}
          onSave={() => form.submit()}
          saving={save.isPending}
          testId="role-form-submit"
        />
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('accounts.roles.name')}
          rules={[
            {
              required: true,
              validator: async (_r, v?: string) => {
                if (!isValidRoleName(v)) throw new Error(t('accounts.roles.nameRequired'));
              },
            },
          ]}
        >
          <Input maxLength={64} showCount data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('accounts.common.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={2} data-testid="role-form-remark" />
        </Form.Item>
        <Alert type="info" showIcon title={t('accounts.roles.treeHelp')} style={{ marginBottom: 12 }} />
        <Form.Item
          name="permissions"
          label={t('accounts.roles.permissions')}
          rules={[
            {
              validator: async (_r, v?: string[]) => {
                if (!v || v.length === 0) throw new Error(t('accounts.roles.permissionsRequired'));
              },
            },
          ]}
        >
          <PermissionTree held={held} myRoles={myRoles} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
