import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeLogTable } from '../components/NoticeLogTable';

/** /trigger/notice (TriggerNotice/log or TriggerContact/index): the notice log with its export. */
export default function NoticeLogPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="notice-log-page">
      <Typography.Paragraph type="secondary">{t('alarms.notices.pageHelp')}</Typography.Paragraph>
      <NoticeLogTable />
    </div>
  );
}
