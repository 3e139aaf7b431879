import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../permission/permission';

/** Cancel and Save at the right of a form drawer; Save shows the mutation's progress. */
export function DrawerFooter({
  onCancel,
  onSave,
  saving,
  testId,
  canSave = true,
}: {
  onCancel: () => void;
  onSave: () => void;
  saving?: boolean;
  /** The Save button's test id. */
  testId: string;
  /** false: only Cancel (a read-only view). A read-only account (the demo) never gets Save. */
  canSave?: boolean;
}) {
  const { t } = useTranslation();
  const mayWrite = useCanWrite();
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      {canSave && mayWrite && (
        <Button type="primary" loading={saving} onClick={onSave} data-testid={testId}>
          {t('common.save')}
        </Button>
      )}
    </Space>
  );
}
