import { loadDocument } from '@fleet/scada-model';
import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTabTitle } from '../../../app/tabs/tab-store';
import { useCanWrite, usePermission } from '../../../shared/permission/permission';
import { useDrawing, useDrawingPoints } from '../runtime/api';
import { registerScadaRuntimeI18n } from '../runtime/i18n';
import { Designer } from './Designer';
import { registerScadaDesignerI18n } from './i18n';

registerScadaRuntimeI18n();
registerScadaDesignerI18n();

const EMPTY = { devices: [], points: [] };

/**
 * `/scada/design/app?id=` and `/scada/design/template?id=`: the SCADA designer (issue 18), a lazy
 * chunk opened from the lists' Design action. Needs IndScada (route) and ScadaManager; a read-only
 * account is sent to the runtime view instead.
 */
export function DesignerPage({ kind }: { kind: 'app' | 'template' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const mayRead = usePermission('IndScada');
  const mayWrite = useCanWrite('ScadaManager');
  const drawing = useDrawing(mayRead && mayWrite && valid ? id : 0, null);
  const points = useDrawingPoints(
    id,
    null,
    mayWrite && valid && drawing.isSuccess && drawing.data.detail.kind === 'app',
  );
  const detail = drawing.data?.detail;
  useTabTitle(detail ? t('scada.designer.tabTitle', { name: detail.name }) : undefined);
  const loaded = useMemo(() => (drawing.data ? loadDocument(drawing.data.document) : null), [drawing.data]);

  let content: React.ReactNode;
  if (!mayRead || !mayWrite) {
    content = (
      <Result
        status="403"
        title={t('scada.designer.noPermission')}
        extra={
          valid ? (
            <Button onClick={() => navigate(`/scada/view/${id}`)}>{t('scada.designer.openView')}</Button>
          ) : null
        }
        data-testid="sd-forbidden"
      />
    );
  } else if (!valid) {
    content = (
      <Result
        status="404"
        title={t('scada.runtime.notFound')}
        extra={<Button onClick={() => navigate(`/scada/${kind}`)}>{t('scada.runtime.back')}</Button>}
      />
    );
  } else if (drawing.isPending || (detail?.kind === 'app' && points.isPending)) {
    content = (
      <Spin size="large" data-testid="sd-loading">
        <div style={{ height: 240 }} />
      </Spin>
    );
  } else if (drawing.isError || !loaded?.ok || !detail) {
    content = (
      <Result
        status="error"
        title={t('scada.runtime.loadFailed')}
        extra={<Button onClick={() => void drawing.refetch()}>{t('scada.runtime.retry')}</Button>}
        data-testid="sd-error-page"
      />
    );
  } else if (detail.kind !== kind) {
    content = (
      <Result
        status="warning"
        title={t('scada.designer.wrongKind')}
        extra={
          <Button onClick={() => navigate(`/scada/design/${detail.kind}?id=${id}`)}>
            {t('scada.designer.openRightKind')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <Designer
        key={`${detail.id}:${detail.version}:${drawing.dataUpdatedAt}`}
        detail={detail}
        doc={loaded.doc}
        points={points.data ?? EMPTY}
        onReload={() => void drawing.refetch()}
      />
    );
  }
  return <div style={{ height: 'calc(100vh - 56px - 40px - 32px)', minHeight: 560 }}>{content}</div>;
}
