import type { ScadaDetail } from '@fleet/contracts';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, messageOf } from '../../../shared/api/errors';
import { useSaveAsCopy } from './api/save-as-copy';
import { useSaveDrawing } from './api/save-drawing';
import { clearDraft } from './draft';
import { useDesigner } from './store';
import { renderThumbnail } from './thumbnail';

export interface Conflict {
  /** The version now stored by the other save. */
  version: number | null;
}

/**
 * Save with the loaded version (Ctrl+S): a thumbnail of the first page goes along; a stale version
 * (20000 `scada.staleVersion`) opens the conflict choice instead of overwriting anything.
 */
export function useSave(detail: ScadaDetail, onReload: () => void) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveDrawing();
  const copy = useSaveAsCopy();
  const version = useRef(detail.version);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const run = async () => {
    if (save.isPending) return;
    const { history, markSaved } = useDesigner.getState();
    const doc = history.doc;
    const first = doc.pages[doc.pageOrder[0]!]!;
    const svg = document.querySelector<SVGSVGElement>(
      `[data-testid="sd-canvas"][data-page="${doc.pageOrder[0]}"]`,
    );
    const thumbnail = (await renderThumbnail(svg, first.canvas.w, first.canvas.h)) ?? undefined;
    try {
      const saved = await save.mutateAsync({
        id: detail.id,
        document: doc,
        version: version.current,
        thumbnail,
      });
      version.current = saved.version;
      markSaved(doc);
      clearDraft(detail.id, 'local');
      void message.success(t('scada.designer.save.saved', { version: saved.version }));
    } catch (error) {
      if (error instanceof ApiError && error.msgKey === 'scada.staleVersion') {
        const v = (error.msgParams as { version?: number } | undefined)?.version;
        setConflict({ version: typeof v === 'number' ? v : null });
        return;
      }
      void message.error(messageOf(error, t, i18n.language));
    }
  };

  const keepAsCopy = async () => {
    const doc = useDesigner.getState().history.doc;
    try {
      const created = await copy.mutateAsync({
        kind: detail.kind,
        name: t('scada.designer.save.copyName', { name: detail.name }).slice(0, 64),
        template_id: detail.template_id,
        document: doc,
      });
      clearDraft(detail.id, 'local');
      setConflict(null);
      void message.success(t('scada.designer.save.copied', { name: created.name }));
      navigate(`/scada/design/${detail.kind}?id=${created.id}`);
    } catch (error) {
      void message.error(messageOf(error, t, i18n.language));
    }
  };

  const reload = () => {
    clearDraft(detail.id, 'local');
    setConflict(null);
    onReload();
  };

  return {
    run,
    saving: save.isPending || copy.isPending,
    conflict,
    setConflict,
    keepAsCopy,
    reload,
    version,
  };
}
