import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../permission/permission';

interface DeleteActionProps {
  /** What is deleted, shown in the confirmation (SPEC 8: 'confirm delete {0}'). */
  name: string;
  /** Extra warning under the confirmation, e.g. what else depends on the row. */
  description?: ReactNode;
  disabled?: boolean;
  /** Performs the deletion; a rejection was already shown by the API client. */
  onDelete: () => Promise<unknown>;
  testId?: string;
}

/**
 * The row action every list uses: a danger link button behind a confirmation, then a success toast.
 * Disabled for a read-only account (the demo) as well as when `disabled`.
 */
export function DeleteAction({ name, description, disabled: denied, onDelete, testId }: DeleteActionProps) {
  const { t } = useTranslation();
  const mayWrite = useCanWrite();
  const disabled = denied || !mayWrite;
  const { message } = App.useApp();
  return (
    <Popconfirm
      disabled={disabled}
      title={t('common.confirmDelete', { name })}
      description={description}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        onDelete()
          .then(() => void message.success(t('common.deleted')))
          .catch(() => undefined)
      }
    >
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined />}
        disabled={disabled}
        data-testid={testId}
        title={t('common.delete')}
        aria-label={t('common.delete')}
      />
    </Popconfirm>
  );
}
