import type { CustomScreenDocument } from '@fleet/contracts';
import { ColorPicker, Empty, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function CanvasProperties({
  doc,
  onChange,
}: {
  doc: CustomScreenDocument;
  onChange: (d: CustomScreenDocument) => void;
}) {
  const { t } = useTranslation();
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
