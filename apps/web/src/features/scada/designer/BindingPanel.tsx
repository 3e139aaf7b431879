import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Binding,
  type Element,
  evaluateBinding,
  type PointRef,
  type ValueMap,
} from '@fleet/scada-model';
import { Button, Card, Empty, Flex, Form, InputNumber, Slider, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../runtime/runtime-context';
import { runAll } from './actions';
import { Row, SelectField } from './fields';
import { defaultMap, MAP_KINDS, MapEditor, mapFor } from './MapEditor';
import { PointPicker } from './PointPicker';
import { UNBOUND } from './palette-items';
import { useDesigner, usePage } from './store';

/** The key the runtime's store uses for a reference (templates preview by name). */
export const storeKey = (ref: PointRef) => (ref.by === 'id' ? ref.pointId : `name:${ref.name}`);

/** Drag a test value and watch the element: the value goes into the canvas' own store, as /wss would put it. */
function Preview({ binding }: { binding: Binding }) {
  const { t } = useTranslation();
  const ctx = useRuntime();
  const key = storeKey(binding.point);
  const [value, setValue] = useState<number | null>(() => {
    const v = ctx.store.get(key)?.value;
    return typeof v === 'number' ? v : null;
  });
  const range =
    binding.map.kind === 'linear'
      ? binding.map.from
      : binding.map.kind === 'threshold'
        ? [Math.min(0, binding.map.stops[0]!.at), binding.map.stops.at(-1)!.at * 1.25 || 100]
        : [0, 100];
  const lo = Math.min(range[0]!, range[1]!);
  const hi = Math.max(range[0]!, range[1]!, lo + 1);
  const put = (v: number | null) => {
    setValue(v);
    ctx.store.setValue(key, v, Date.now());
  };
  const visual = value === null ? {} : evaluateBinding(binding, value);
  return (
    <div data-testid="sd-preview" style={{ background: '#f6ffed', padding: 6, borderRadius: 6 }}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t('scada.designer.bind.preview')}
      </Typography.Text>
      <Flex gap={8} align="center">
        <Slider
          style={{ flex: 1 }}
          min={lo}
          max={hi}
          step={(hi - lo) / 100}
          value={value ?? lo}
          onChange={(v) => put(v)}
          aria-label={t('scada.designer.bind.testValue')}
        />
        <InputNumber
          size="small"
          value={value}
          onChange={(v) => put(typeof v === 'number' ? v : null)}
          style={{ width: 80 }}
          aria-label={t('scada.designer.bind.testValue')}
          data-testid="sd-preview-value"
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="sd-preview-visual">
        {value === null ? t('scada.designer.bind.noTestValue') : JSON.stringify(visual)}
      </Typography.Text>
    </div>
  );
}

/** The selected element's bindings: what point, what map, a live preview; add and remove (up to 8). */
export function BindingPanel() {
  const { t } = useTranslation();
  const page = usePage();
  const pageId = useDesigner((s) => s.pageId);
  const selection = useDesigner((s) => s.selection);
  const id = selection.length === 1 ? selection[0]! : null;
  const el: Element | undefined = id ? page.elements[id] : undefined;
  if (!id || !el)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.designer.bind.selectOne')} />;
  const bindings = el.bindings ?? [];
  const setBinding = (index: number, binding: Binding | null) =>
    runAll([{ type: 'setBinding', page: pageId, id, index, binding }], 'binding');
  return (
    <Form layout="vertical" size="small" data-testid="sd-bindings">
      {bindings.map((b, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: bindings are positional (a later one wins)
          key={i}
          size="small"
          style={{ marginBottom: 8 }}
          title={t('scada.designer.bind.title', { n: i + 1 })}
          extra={
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => setBinding(i, null)}
              aria-label={t('scada.designer.bind.remove')}
            />
          }
          data-testid={`sd-binding-${i}`}
        >
          <Row label={t('scada.designer.bind.point')}>
            <PointPicker value={b.point} onChange={(point) => setBinding(i, { ...b, point })} />
          </Row>
          <Row label={t('scada.designer.bind.mapKind')}>
            <SelectField<ValueMap['kind']>
              value={b.map.kind}
              label={t('scada.designer.bind.mapKind')}
              options={MAP_KINDS.map((k) => ({ value: k, label: t(`scada.designer.mapKind.${k}`) }))}
              onChange={(k) => setBinding(i, { ...b, map: defaultMap(k) })}
              testId="sd-map-kind"
            />
          </Row>
          <MapEditor map={b.map} onChange={(map) => setBinding(i, { ...b, map })} />
          <Preview binding={b} />
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        block
        disabled={bindings.length >= 8}
        onClick={() => setBinding(bindings.length, { point: UNBOUND, map: mapFor(el) })}
        data-testid="sd-binding-add"
      >
        {t('scada.designer.bind.add')}
      </Button>
    </Form>
  );
}
