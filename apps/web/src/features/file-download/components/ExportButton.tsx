import { DownloadOutlined } from '@ant-design/icons';
import type { ExportKind } from '@fleet/contracts';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInRouterContext, useNavigate } from 'react-router';
import { notifyError } from '../../../shared/api/client';
import { usePermission } from '../../../shared/permission/permission';
import { useSettings } from '../../../shared/store/settings';
import { useCreateExport } from '../api/create-export';
import { exportBody } from '../lib/export-params';
import { showExportStarted } from './export-started';

export interface ExportButtonProps {
  kind: ExportKind;
  /** The list call's query (strings); paging and empty values are left out. */
  params: Record<string, string>;
  disabled?: boolean;
  label?: string;
}

/**
 * Queues an export of the current list (POST /dataCenter/export) and says where the file will appear.
 * Hidden without the ExportFile permission.
 */
export function ExportButton(props: ExportButtonProps) {
  const allowed = usePermission('ExportFile');
  const inRouter = useInRouterContext();
  if (!allowed) return null;
  return inRouter ? <RoutedExportButton {...props} /> : <ExportButtonView {...props} go={goByLocation} />;
}

function goByLocation(path: string) {
  window.location.assign(path);
}

function RoutedExportButton(props: ExportButtonProps) {
  const navigate = useNavigate();
  return <ExportButtonView {...props} go={(path) => void navigate(path)} />;
}

function ExportButtonView({
  kind,
  params,
  disabled,
  label,
  go,
}: ExportButtonProps & { go: (path: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useSettings((s) => s.language);
  const creator = useCreateExport();

  const start = () =>
    creator
      .mutateAsync(exportBody(kind, params, lang))
      .then(() => showExportStarted(message, t, go))
      .catch((error: unknown) => notifyError(error));

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={creator.isPending}
      disabled={disabled}
      onClick={() => void start()}
      data-testid={`export-button-${kind}`}
    >
      {label ?? t('fileDownload.export.button')}
    </Button>
  );
}
