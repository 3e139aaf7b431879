import type { Element, ValueMap } from '@fleet/scada-model';
import { Row as AntRow, Button, Checkbox, Col, Flex, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorField, NumberField, Row, SelectField, TextField } from './fields';

export const MAP_KINDS = [
  'threshold',
  'discrete',
  'linear',
  'boolean',
  'flow',
  'text',
  'expression',
] as const;

/** A sensible first map of each kind (and the one a new binding of an element kind starts with). */
export function defaultMap(kind: ValueMap['kind']): ValueMap {
  switch (kind) {
    case 'threshold':
      return {
        kind,
        prop: 'fill',
        below: '#52c41a',
        stops: [
          { at: 50, color: '#faad14' },
          { at: 80, color: '#f5222d', blink: true },
        ],
      };
    case 'discrete':
      return {
        kind,
        cases: [
          { equals: 0, fill: '#bfbfbf' },
          { equals: 1, fill: '#52c41a' },
        ],
      };
    case 'linear':
      return { kind, prop: 'level', from: [0, 100], to: [0, 1] };
    case 'boolean':
      return { kind, prop: 'visible', invert: false };
    case 'flow':
      return { kind, deadband: 0 };
    case 'text':
      return { kind, translate: true, unit: true, decimals: 1 };
    case 'expression':
      return { kind, prop: 'text', expression: "round(value, 1) + ''" };
  }
}

export function mapFor(el: Element): ValueMap {
  if (el.kind === 'pipe') return defaultMap('flow');
  if (el.kind === 'text') return defaultMap('text');
  if (el.kind === 'symbol' && el.symbol.startsWith('builtin:tank')) return defaultMap('linear');
  if (el.kind === 'switch')
    return {
      kind: 'discrete',
      cases: [
        { equals: 0, text: 'OFF' },
        { equals: 1, text: 'ON' },
      ],
    };
  return defaultMap('threshold');
}

const pair = (v: readonly [number, number], set: (v: [number, number]) => void, label: string) => (
  <Flex gap={4}>
    <InputNumber
      size="small"
      value={v[0]}
      onChange={(x) => typeof x === 'number' && set([x, v[1]])}
      aria-label={`${label} 1`}
      style={{ width: '50%' }}
    />
    <InputNumber
      size="small"
      value={v[1]}
      onChange={(x) => typeof x === 'number' && set([v[0], x])}
      aria-label={`${label} 2`}
      style={{ width: '50%' }}
    />
  </Flex>
);

/** Edits one value map (docs/scada.md "Bindings and maps"). */
export function MapEditor({ map, onChange }: { map: ValueMap; onChange: (m: ValueMap) => void }) {
  const { t } = useTranslation();
  const M = (k: string) => t(`scada.designer.map.${k}`);
  const opts = <T extends string>(values: readonly T[]) =>
    values.map((v) => ({ value: v, label: t(`scada.designer.opt.${v}`) }));
  const set = (patch: Record<string, unknown>) => onChange({ ...map, ...patch } as ValueMap);
  switch (map.kind) {
    case 'threshold':
      return (
        <div data-testid="sd-map-threshold">
          <Row label={M('prop')}>
            <SelectField
              value={map.prop}
              options={opts(['fill', 'stroke'] as const)}
              onChange={(prop) => set({ prop })}
              label={M('prop')}
            />
          </Row>
          <Row label={M('below')}>
            <ColorField
              value={map.below}
              label={M('below')}
              allowNone
              onChange={(below) => below && set({ below })}
            />
          </Row>
          {map.stops.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stops are positional
            <Flex key={i} gap={4} align="center" style={{ marginBottom: 4 }}>
              <InputNumber
                size="small"
                value={s.at}
                onChange={(at) =>
                  typeof at === 'number' &&
                  set({ stops: map.stops.map((x, j) => (j === i ? { ...x, at } : x)) })
                }
                aria-label={M('at')}
                style={{ width: 80 }}
              />
              <ColorField
                value={s.color}
                label={M('color')}
                allowNone
                onChange={(color) =>
                  color && set({ stops: map.stops.map((x, j) => (j === i ? { ...x, color } : x)) })
                }
              />
              <Checkbox
                checked={!!s.blink}
                onChange={(e) =>
                  set({
                    stops: map.stops.map((x, j) =>
                      j === i ? { ...x, blink: e.target.checked || undefined } : x,
                    ),
                  })
                }
              >
                {M('blink')}
              </Checkbox>
              <Button
                size="small"
                disabled={map.stops.length <= 1}
                onClick={() => set({ stops: map.stops.filter((_, j) => j !== i) })}
                aria-label={M('remove')}
              >
                −
              </Button>
            </Flex>
          ))}
          <Button
            size="small"
            onClick={() =>
              set({ stops: [...map.stops, { at: (map.stops.at(-1)?.at ?? 0) + 10, color: '#1677ff' }] })
            }
          >
            {M('addStop')}
          </Button>
        </div>
      );
    case 'discrete':
      return (
        <div data-testid="sd-map-discrete">
          {map.cases.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cases are positional
            <Flex key={i} gap={4} align="center" wrap style={{ marginBottom: 4 }}>
              <Input
                size="small"
                value={String(c.equals)}
                style={{ width: 70 }}
                aria-label={M('equals')}
                onChange={(e) => {
                  const raw = e.target.value;
                  const equals = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
                  set({ cases: map.cases.map((x, j) => (j === i ? { ...x, equals } : x)) });
                }}
              />
              <ColorField
                value={c.fill}
                label={M('fill')}
                allowNone
                onChange={(fill) => set({ cases: map.cases.map((x, j) => (j === i ? { ...x, fill } : x)) })}
              />
              <Input
                size="small"
                value={c.text ?? ''}
                placeholder={M('text')}
                style={{ width: 80 }}
                aria-label={M('text')}
                onChange={(e) =>
                  set({
                    cases: map.cases.map((x, j) =>
                      j === i ? { ...x, text: e.target.value || undefined } : x,
                    ),
                  })
                }
              />
              <Button
                size="small"
                disabled={map.cases.length <= 1}
                onClick={() => set({ cases: map.cases.filter((_, j) => j !== i) })}
                aria-label={M('remove')}
              >
                −
              </Button>
            </Flex>
          ))}
          <Button
            size="small"
            onClick={() => set({ cases: [...map.cases, { equals: map.cases.length, fill: '#1677ff' }] })}
          >
            {M('addCase')}
          </Button>
        </div>
      );
    case 'linear':
      return (
        <div data-testid="sd-map-linear">
          <Row label={M('prop')}>
            <SelectField
              value={map.prop}
              options={opts(['level', 'rotation'] as const)}
              onChange={(prop) => set({ prop, to: prop === 'level' ? [0, 1] : [0, 360] })}
              label={M('prop')}
            />
          </Row>
          <AntRow gutter={8}>
            <Col span={12}>
              <Row label={M('from')}>{pair(map.from, (from) => set({ from }), M('from'))}</Row>
            </Col>
            <Col span={12}>
              <Row label={M('to')}>{pair(map.to, (to) => set({ to }), M('to'))}</Row>
            </Col>
          </AntRow>
        </div>
      );
    case 'boolean':
      return (
        <div data-testid="sd-map-boolean">
          <Row label={M('prop')}>
            <SelectField
              value={map.prop}
              options={opts(['visible', 'blink', 'flow'] as const)}
              onChange={(prop) => set({ prop })}
              label={M('prop')}
            />
          </Row>
          <Checkbox checked={map.invert} onChange={(e) => set({ invert: e.target.checked })}>
            {M('invert')}
          </Checkbox>
        </div>
      );
    case 'flow':
      return (
        <Row label={M('deadband')}>
          <NumberField
            value={map.deadband}
            min={0}
            label={M('deadband')}
            onChange={(deadband) => set({ deadband: deadband ?? 0 })}
          />
        </Row>
      );
    case 'text':
      return (
        <div data-testid="sd-map-text">
          <Checkbox checked={map.translate} onChange={(e) => set({ translate: e.target.checked })}>
            {M('translate')}
          </Checkbox>
          <Checkbox checked={map.unit} onChange={(e) => set({ unit: e.target.checked })}>
            {M('unit')}
          </Checkbox>
          <AntRow gutter={8}>
            <Col span={8}>
              <Row label={M('decimals')}>
                <NumberField
                  value={map.decimals}
                  min={0}
                  max={10}
                  label={M('decimals')}
                  onChange={(decimals) => set({ decimals })}
                />
              </Row>
            </Col>
            <Col span={8}>
              <Row label={M('prefix')}>
                <TextField
                  value={map.prefix}
                  label={M('prefix')}
                  onChange={(prefix) => set({ prefix: prefix || undefined })}
                />
              </Row>
            </Col>
            <Col span={8}>
              <Row label={M('suffix')}>
                <TextField
                  value={map.suffix}
                  label={M('suffix')}
                  onChange={(suffix) => set({ suffix: suffix || undefined })}
                />
              </Row>
            </Col>
          </AntRow>
        </div>
      );
    case 'expression':
      return (
        <div data-testid="sd-map-expression">
          <Row label={M('prop')}>
            <SelectField
              value={map.prop}
              options={opts(['fill', 'stroke', 'text', 'visible', 'blink', 'rotation', 'level'] as const)}
              onChange={(prop) => set({ prop })}
              label={M('prop')}
            />
          </Row>
          <Row label={M('expression')}>
            <TextField
              value={map.expression}
              label={M('expression')}
              max={500}
              onChange={(expression) => set({ expression })}
            />
          </Row>
        </div>
      );
  }
}
