import { CLOCK_SHOWS, CUSTOM_SCREEN_LIMITS, type ScreenWidget, TEXT_ALIGNS } from '@fleet/contracts';
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FitChoice, ImagePicker } from './ImagePicker';

type Static = Extract<ScreenWidget, { kind: 'text' | 'clock' | 'image' }>;
type Sized = Extract<ScreenWidget, { kind: 'text' | 'clock' }>;

function FontSize({ widget, onChange }: { widget: Sized; onChange: (w: ScreenWidget) => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('customScreens.designer.fontSize')}>
      <InputNumber
        min={8}
        max={400}
        precision={0}
        value={widget.fontSize}
        onChange={(fontSize) => (fontSize === null ? undefined : onChange({ ...widget, fontSize }))}
        data-testid="cs-prop-font-size"
      />
    </Form.Item>
  );
}

/** The fields of widgets without data: a text's words and alignment, a clock's format, an image. */
export function StaticWidgetProperties({
  widget,
  onChange,
}: {
  widget: Static;
  onChange: (w: ScreenWidget) => void;
}) {
  const { t } = useTranslation();
  if (widget.kind === 'image')
    return (
      <>
        <Form.Item label={t('customScreens.image.label')}>
          <ImagePicker
            value={widget.src}
            onChange={(src) => onChange({ ...widget, src })}
            testId="cs-prop-image"
          />
        </Form.Item>
        <Form.Item label={t('customScreens.image.fit')}>
          <FitChoice
            value={widget.fit}
            onChange={(fit) => onChange({ ...widget, fit })}
            testId="cs-prop-fit"
          />
        </Form.Item>
      </>
    );
  if (widget.kind === 'text')
    return (
      <>
        <Form.Item label={t('customScreens.designer.text')}>
          <Input.TextArea
            value={widget.text}
            maxLength={CUSTOM_SCREEN_LIMITS.text}
            showCount
            autoSize={{ minRows: 2, maxRows: 8 }}
            onChange={(e) => onChange({ ...widget, text: e.target.value })}
            data-testid="cs-prop-text"
          />
        </Form.Item>
        <FontSize widget={widget} onChange={onChange} />
        <Form.Item label={t('customScreens.designer.align')}>
          <Radio.Group
            value={widget.align}
            optionType="button"
            onChange={(e) => onChange({ ...widget, align: e.target.value })}
            options={TEXT_ALIGNS.map((a) => ({ value: a, label: t(`customScreens.designer.aligns.${a}`) }))}
            data-testid="cs-prop-align"
          />
        </Form.Item>
      </>
    );
  return (
    <>
      <Form.Item label={t('customScreens.designer.clockShow')}>
        <Select
          value={widget.show}
          onChange={(show) => onChange({ ...widget, show })}
          options={CLOCK_SHOWS.map((s) => ({ value: s, label: t(`customScreens.designer.clockShows.${s}`) }))}
          data-testid="cs-prop-clock-show"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.seconds')}>
        <Switch
          checked={widget.seconds}
          disabled={widget.show === 'date'}
          onChange={(seconds) => onChange({ ...widget, seconds })}
          data-testid="cs-prop-seconds"
        />
      </Form.Item>
      <FontSize widget={widget} onChange={onChange} />
    </>
  );
}
