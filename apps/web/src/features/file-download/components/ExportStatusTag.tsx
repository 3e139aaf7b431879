import type { ExportJobRow } from '@fleet/contracts';
import { Progress, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'warning',
} as const;

/** A job's status: a progress bar while running, the error in a tooltip when failed. */
export function ExportStatusTag({ job }: { job: Pick<ExportJobRow, 'status' | 'progress' | 'error'> }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={COLORS[job.status]} data-testid="export-status">
      {t(`fileDownload.status.${job.status}`)}
    </Tag>
  );
  if (job.status === 'running') {
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 160 }}>
        {tag}
        <Progress
          percent={Math.max(0, Math.min(100, job.progress))}
          size="small"
          status="active"
          style={{ flex: 1, margin: 0 }}
          data-testid="export-progress"
        />
      </span>
    );
  }
  if (job.status === 'failed') {
    return <Tooltip title={job.error || t('fileDownload.unknownError')}>{tag}</Tooltip>;
  }
  return tag;
}
