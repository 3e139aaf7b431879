import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { statusTagView } from '../lib/status';

export function StatusTag({ status, alarmType }: { status: number; alarmType: number | null | undefined }) {
  const { t } = useTranslation();
  const view = statusTagView(status, alarmType);
  return (
    <Tag color={view.color} style={readableTagStyle(view.color)} data-testid="device-status">
      {t(view.key, view.params)}
    </Tag>
  );
}
