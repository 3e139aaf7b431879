import type { ScreenWidget, SeriesFunction } from '@fleet/contracts';
import { SERIES_FUNCTIONS } from '@fleet/contracts';
import { Button, ColorPicker, Flex, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PointSelect } from '../components/PointSelect';
import { useScreenValues } from '../components/use-screen-values';

import { DeviceListField } from './DeviceListField';
import { ScadaProperties } from './ScadaProperties';
import { StaticWidgetProperties } from './StaticWidgetProperties';
import { StatusProperties } from './StatusProperties';
import { PREVIEW } from './use-screen-values';

const WINDOWS = [300, 900, 3600, 6 * 3600, 86_400, 7 * 86_400];

function PointTags({ ids, onRemove }: { ids: readonly number[]; onRemove?: (id: number) => void }) {
  const { values } = useScreenValues(PREVIEW, ids, false);
  return (
    <Flex gap={4} wrap>
      {ids.map((id) => {
        const p = values.get(id);
        return (
          <Tag
            key={id}
            closable={Boolean(onRemove)}
            onClose={() => onRemove?.(id)}
            data-testid="cs-point-tag"
          >
            {p ? `${p.device_title} · ${p.name}` : `#${id}`}
          </Tag>
        );
      })}
    </Flex>
  );
}

export function WidgetProperties({
  widget,
  onChange,
  onDelete,
}: {
  widget: ScreenWidget;
  onChange: (w: ScreenWidget) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" size="small">
      <Typography.Text strong>{t(`customScreens.kinds.${widget.kind}`)}</Typography.Text>
      <Form.Item label={t('customScreens.designer.title')} style={{ marginTop: 8 }}>
        <Input
          value={widget.title}
          maxLength={200}
          onChange={(e) => onChange({ ...widget, title: e.target.value })}
          data-testid="cs-prop-title"
        />
      </Form.Item>
      <Form.Item label={t('customScreens.designer.color')}>
        <ColorPicker
          value={widget.color ?? null}
          allowClear
          disabledAlpha
          onChange={(c) => onChange({ ...widget, color: c.cleared ? undefined : c.toHexString() })}
        />
      </Form.Item>
      {widget.kind === 'text' || widget.kind === 'clock' || widget.kind === 'image' ? (
        <StaticWidgetProperties widget={widget} onChange={onChange} />
      ) : null}
      {'point' in widget ? (
        <Form.Item label={t('customScreens.designer.point')}>
          <PointTags ids={[widget.point]} />
          <div style={{ marginTop: 6 }}>
            <PointSelect testId="cs-prop" onPick={(point) => onChange({ ...widget, point })} />
          </div>
        </Form.Item>
      ) : null}
      {'source' in widget ? (
        <>
          <Form.Item label={t('customScreens.designer.points')}>
            <PointTags
              ids={widget.source.points}
              onRemove={
                widget.source.points.length > 1
                  ? (id) =>
                      onChange({
                        ...widget,
                        source: { ...widget.source, points: widget.source.points.filter((p) => p !== id) },
                      })
                  : undefined
              }
            />
            {widget.kind !== 'number' && widget.source.points.length < 8 ? (
              <div style={{ marginTop: 6 }}>
                <PointSelect
                  testId="cs-prop"
                  onPick={(p) =>
                    widget.source.points.includes(p)
                      ? undefined
                      : onChange({
                          ...widget,
                          source: { ...widget.source, points: [...widget.source.points, p] },
                        })
                  }
                />
              </div>
            ) : widget.kind === 'number' ? (
              <div style={{ marginTop: 6 }}>
                <PointSelect
                  testId="cs-prop"
                  onPick={(p) => onChange({ ...widget, source: { ...widget.source, points: [p] } })}
                />
              </div>
            ) : null}
          </Form.Item>
          <Form.Item label={t('customScreens.designer.aggregation')}>
            <Select
              value={widget.source.aggregation}
              onChange={(aggregation: SeriesFunction) =>
                onChange({ ...widget, source: { ...widget.source, aggregation } })
              }
              options={SERIES_FUNCTIONS.map((f) => ({
                value: f,
                label: t(`customScreens.aggregation.${f}`),
              }))}
              data-testid="cs-prop-aggregation"
            />
          </Form.Item>
          <Form.Item label={t('customScreens.designer.window')}>
            <Select
              value={widget.source.window}
              onChange={(window: number) => onChange({ ...widget, source: { ...widget.source, window } })}
              options={WINDOWS.map((w) => ({
                value: w,
                label: t('customScreens.windowMinutes', { count: w / 60 }),
              }))}
              data-testid="cs-prop-window"
            />
          </Form.Item>
        </>
      ) : null}
      {widget.kind === 'alarms' ? (
        <>
          <Form.Item label={t('customScreens.designer.devices')}>
            <DeviceListField
              devices={widget.devices}
              onChange={(devices) => onChange({ ...widget, devices })}
            />
          </Form.Item>
          <Form.Item label={t('customScreens.designer.rows')}>
            <InputNumber
              min={1}
              max={50}
              precision={0}
              value={widget.rows}
              onChange={(rows) => (rows === null ? undefined : onChange({ ...widget, rows }))}
            />
          </Form.Item>
        </>
      ) : null}
      {widget.kind === 'status' ? <StatusProperties widget={widget} onChange={onChange} /> : null}
      {widget.kind === 'scada' ? <ScadaProperties widget={widget} onChange={onChange} /> : null}
      {widget.kind === 'map' ? (
        <Form.Item label={t('customScreens.designer.devices')} extra={t('customScreens.map.hint')}>
          <DeviceListField
            devices={widget.devices}
            allowEmpty
            onChange={(devices) => onChange({ ...widget, devices })}
          />
        </Form.Item>
      ) : null}
      {widget.kind === 'gauge' ? (
        <Space>
          <Form.Item label={t('customScreens.designer.min')}>
            <InputNumber
              value={widget.min}
              onChange={(min) =>
                min !== null && min < widget.max ? onChange({ ...widget, min }) : undefined
              }
            />
          </Form.Item>
          <Form.Item label={t('customScreens.designer.max')}>
            <InputNumber
              value={widget.max}
              onChange={(max) =>
                max !== null && max > widget.min ? onChange({ ...widget, max }) : undefined
              }
            />
          </Form.Item>
        </Space>
      ) : null}
      {'decimals' in widget ? (
        <Form.Item label={t('customScreens.designer.decimals')}>
          <InputNumber
            min={0}
            max={6}
            precision={0}
            value={widget.decimals}
            onChange={(decimals) => (decimals === null ? undefined : onChange({ ...widget, decimals }))}
          />
        </Form.Item>
      ) : null}
      <Button danger block onClick={onDelete} data-testid="cs-prop-delete">
        {t('customScreens.designer.deleteWidget')}
      </Button>
    </Form>
  );
}
