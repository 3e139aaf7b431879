import type { CustomScreenDocument } from '@fleet/contracts';
import { ColorPicker, Empty, Form, Radio, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FitChoice, ImagePicker } from './ImagePicker';

/** The zones this browser knows (the server checks a saved one with Intl as well). */
function timeZones(current: string | null): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return current && !known.includes(current) ? [current, ...known] : known;
}

export function CanvasProperties({
  doc,
  onChange,
}: {
  doc: CustomScreenDocument;
  onChange: (d: CustomScreenDocument) => void;
}) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones(doc.canvas.timeZone), [doc.canvas.timeZone]);
  return (
    <Form layout="vertical" size="small">
      <Typography.Text strong>{t('customScreens.designer.canvas')}</Typography.Text>
      <Form.Item label={t('customScreens.designer.theme')} style={{ marginTop: 8 }}>
        <Radio.Group
          value={doc.canvas.theme}
          onChange={(e) => {
            const theme = e.target.value as 'dark' | 'light';
            onChange({
              ...doc,
              canvas: { ...doc.canvas, theme, background: theme === 'dark' ? '#0b1a33' : '#f0f2f5' },
            });
          }}
          options={[
            { value: 'dark', label: t('customScreens.designer.dark') },
            { value: 'light', label: t('customScreens.designer.light') },
          ]}
          data-testid="cs-theme"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.background')}>
        <ColorPicker
          value={doc.canvas.background}
          disabledAlpha
          onChange={(c) => onChange({ ...doc, canvas: { ...doc.canvas, background: c.toHexString() } })}
        />
      </Form.Item>
      <Form.Item label={t('customScreens.image.background')}>
        <ImagePicker
          value={doc.canvas.backgroundImage}
          onChange={(backgroundImage) => onChange({ ...doc, canvas: { ...doc.canvas, backgroundImage } })}
          testId="cs-background-image"
        />
      </Form.Item>
      {doc.canvas.backgroundImage ? (
        <Form.Item label={t('customScreens.image.fit')}>
          <FitChoice
            value={doc.canvas.backgroundFit}
            onChange={(backgroundFit) => onChange({ ...doc, canvas: { ...doc.canvas, backgroundFit } })}
            testId="cs-background-fit"
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label={t('customScreens.designer.timeZone')}
        extra={t('customScreens.designer.timeZoneHint')}
      >
        <Select
          showSearch
          value={doc.canvas.timeZone ?? ''}
          onChange={(zone: string) => onChange({ ...doc, canvas: { ...doc.canvas, timeZone: zone || null } })}
          options={[
            { value: '', label: t('customScreens.designer.viewerZone') },
            ...zones.map((z) => ({ value: z, label: z })),
          ]}
          data-testid="cs-time-zone"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.size')}>
        <Typography.Text>
          {doc.canvas.w} × {doc.canvas.h}
        </Typography.Text>
      </Form.Item>
      {doc.order.length === 0 ? <Empty description={t('customScreens.designer.empty')} /> : null}
      <Typography.Paragraph type="secondary">{t('customScreens.designer.noSelection')}</Typography.Paragraph>
    </Form>
  );
}
