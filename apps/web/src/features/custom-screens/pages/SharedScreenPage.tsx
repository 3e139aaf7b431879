import '../custom-screens.css';
import { Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSharedScreen } from '../api/shared-screen';
import { ScreenViewer } from '../components/ScreenViewer';

/**
 * /share/screen/:token: a custom screen's external link, full screen without the menu or a session.
 * Read-only; values are polled (no /wss without a session), and only the screen's own points are read.
 */
export default function SharedScreenPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const query = useSharedScreen(token);
  const source = useMemo(() => ({ kind: 'share' as const, token }), [token]);
  if (query.error)
    return (
      <div className="cs-page" data-testid="cs-share-error">
        <Result status="404" title={t('customScreens.share.invalid')} subTitle={query.error.message} />
      </div>
    );
  if (!query.data) return <Spin style={{ display: 'block', padding: 120 }} />;
  return (
    <div className="cs-page" data-testid="cs-shared">
      <ScreenViewer doc={query.data.document} source={source} live={false} />
    </div>
  );
}
