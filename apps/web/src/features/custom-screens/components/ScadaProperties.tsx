import type { ScreenWidget } from '@fleet/contracts';
import { loadDocument } from '@fleet/scada-model';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenScada } from '../api/screen-scada';
import { ScadaAppSelect } from './ScadaAppSelect';
import { PREVIEW } from './use-screen-values';

/** An embedded SCADA widget's app and the page it shows (its pages read from the app). */
export function ScadaProperties({
  widget,
  onChange,
}: {
  widget: Extract<ScreenWidget, { kind: 'scada' }>;
  onChange: (w: ScreenWidget) => void;
}) {
  const { t } = useTranslation();
  const answer = useScreenScada(PREVIEW, widget.id, widget.scada, 60_000);
  const pages = useMemo(() => {
    const loaded = answer.data ? loadDocument(answer.data.document) : null;
    return loaded?.ok
      ? loaded.doc.pageOrder.map((id) => ({ value: id, label: loaded.doc.pages[id]?.name ?? id }))
      : [];
  }, [answer.data]);
  return (
    <>
      <Form.Item label={t('customScreens.scada.app')}>
        <ScadaAppSelect
          value={widget.scada}
          onPick={(scada) => onChange({ ...widget, scada, page: null })}
          testId="cs-prop-scada"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.scada.page')}>
        <Select
          value={widget.page ?? ''}
          onChange={(page: string) => onChange({ ...widget, page: page || null })}
          options={[{ value: '', label: t('customScreens.scada.firstPage') }, ...pages]}
          loading={answer.isPending}
          data-testid="cs-prop-scada-page"
        />
      </Form.Item>
    </>
  );
}
