import type { ExportJobRow, ExportKind, ExportStatus } from '@fleet/contracts';
import type { ExportJobRecord } from './exports.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toExportJobRow(r: ExportJobRecord): ExportJobRow {
  return {
    id: r.id,
    kind: r.kind as ExportKind,
    title: r.title,
    status: r.status as ExportStatus,
    progress: r.progress,
    rows: r.rows,
    format: r.format,
    file_name: r.fileName,
    size: r.fileSize,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    finished_at: iso(r.finishedAt),
    expires_at: iso(r.expiresAt),
  };
}
