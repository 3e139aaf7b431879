import '../custom-screens.css';
import { Button, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FullscreenToggle } from '../../../app/layout/FullscreenToggle';
import { LoadError } from '../../../shared/components/LoadError';
import { useCustomScreen } from '../api/custom-screen';
import { ScreenViewer } from '../components/ScreenViewer';

/** A published custom screen in the full-screen layout, kept current through /wss. */
export default function CustomScreenViewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useCustomScreen(id);
  const source = useMemo(() => ({ kind: 'screen' as const, id }), [id]);
  return (
    <div className="cs-page" data-testid="cs-view">
      <div className="cs-page-bar">
        <h1>{query.data?.name ?? ''}</h1>
        <FullscreenToggle />
        <Button size="small" ghost onClick={() => window.close()}>
          {t('customScreens.exit')}
        </Button>
      </div>
      {query.error ? (
        <LoadError testId="cs-view-error" onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ScreenViewer doc={query.data.document} source={source} live />
      ) : (
        <Spin style={{ display: 'block', padding: 120 }} />
      )}
    </div>
  );
}
