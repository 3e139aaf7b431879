import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagStyle } from '../../../shared/components/readable-color';
import { commandStatusView } from '../lib/live-format';

/** SPEC 4 command status tag. */
export function CommandStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const view = commandStatusView(status);
  return (
    <Tag
      color={view.color}
      style={readableTagStyle(view.color)}
      data-testid="command-status"
      data-status={status}
    >
      {t(view.key)}
    </Tag>
  );
}
