import type {
  CustomScreenDocument,
  CustomWidgetKind,
  ScreenFrame,
  ScreenPoint,
  ScreenSourceData,
  ScreenWidget,
  SeriesFunction,
} from '@fleet/contracts';

/** Default sizes of a new widget, in canvas pixels. */
const SIZES: Record<CustomWidgetKind, { w: number; h: number }> = {
  number: { w: 260, h: 140 },
  value: { w: 260, h: 140 },
  gauge: { w: 300, h: 260 },
  line: { w: 560, h: 300 },
  bar: { w: 560, h: 300 },
  alarms: { w: 560, h: 360 },
  text: { w: 420, h: 100 },
  clock: { w: 420, h: 120 },
  image: { w: 400, h: 300 },
  status: { w: 720, h: 360 },
  scada: { w: 800, h: 600 },
  map: { w: 640, h: 420 },
};

/**
 * What the designer asks for before placing a widget of a kind: a data point, a device, or nothing
 * (static text, a clock).
 */
export const WIDGET_BINDING: Record<CustomWidgetKind, 'point' | 'device' | 'scada' | 'none'> = {
  number: 'point',
  value: 'point',
  gauge: 'point',
  line: 'point',
  bar: 'point',
  alarms: 'device',
  text: 'none',
  clock: 'none',
  image: 'none',
  status: 'device',
  scada: 'scada',
  map: 'none',
};

const nextId = (doc: CustomScreenDocument, kind: string): string => {
  for (let i = 1; ; i++) {
    const id = `${kind}${i}`;
    if (!Object.hasOwn(doc.widgets, id)) return id;
  }
};

/**
 * A new widget of `kind` placed at x, y, bound to `point` as WIDGET_BINDING says (an alarm list's or
 * status table's `point` is a device id, an embedded SCADA's the app's id; text, clock, image ignore it). `text` is a new text widget's first words.
 */
export function newWidget(
  doc: CustomScreenDocument,
  kind: CustomWidgetKind,
  point: number,
  at: { x: number; y: number },
  text = '',
): ScreenWidget {
  const id = nextId(doc, kind);
  const frame = { x: Math.round(at.x), y: Math.round(at.y), ...SIZES[kind] };
  const base = { id, frame, title: '' };
  const source = { points: [point], aggregation: 'avg' as const, window: 3600 };
  switch (kind) {
    case 'number':
      return { ...base, kind, source, decimals: 1 };
    case 'value':
      return { ...base, kind, point, decimals: 1 };
    case 'gauge':
      return { ...base, kind, point, min: 0, max: 100, decimals: 1 };
    case 'line':
      return { ...base, kind, source };
    case 'bar':
      return { ...base, kind, source: { ...source, aggregation: 'max' } };
    case 'alarms':
      return { ...base, kind, devices: [point], rows: 10 };
    case 'text':
      return { ...base, kind, text, fontSize: 40, align: 'left' };
    case 'clock':
      return { ...base, kind, show: 'datetime', seconds: true, fontSize: 40 };
    case 'image':
      return { ...base, kind, src: null, fit: 'contain' };
    case 'status':
      return { ...base, kind, devices: [point], columns: [] };
    case 'scada':
      return { ...base, kind, scada: point, page: null };
    case 'map':
      return { ...base, kind, devices: [] };
  }
}

/** The default size of a new widget of `kind`. */
export const widgetSize = (kind: CustomWidgetKind) => SIZES[kind];

/**
 * Where a new widget of `size` goes: the first spot (rows top to bottom, 20 px steps, 40 px margin)
 * overlapping no widget and inside the canvas; the top-left corner when the canvas is full.
 */
export function freeSpot(
  doc: CustomScreenDocument,
  size: { w: number; h: number },
): { x: number; y: number } {
  const frames = Object.values(doc.widgets).map((w) => w.frame);
  const gap = 20;
  for (let y = 40; y + size.h <= doc.canvas.h; y += gap)
    for (let x = 40; x + size.w <= doc.canvas.w; x += gap)
      if (
        frames.every(
          (f) =>
            x + size.w + gap <= f.x ||
            f.x + f.w + gap <= x ||
            y + size.h + gap <= f.y ||
            f.y + f.h + gap <= y,
        )
      )
        return { x, y };
  return { x: 40, y: 40 };
}

export function addWidget(doc: CustomScreenDocument, widget: ScreenWidget): CustomScreenDocument {
  return { ...doc, widgets: { ...doc.widgets, [widget.id]: widget }, order: [...doc.order, widget.id] };
}

export function updateWidget(doc: CustomScreenDocument, widget: ScreenWidget): CustomScreenDocument {
  if (!Object.hasOwn(doc.widgets, widget.id)) return doc;
  return { ...doc, widgets: { ...doc.widgets, [widget.id]: widget } };
}

export function removeWidget(doc: CustomScreenDocument, id: string): CustomScreenDocument {
  const { [id]: _gone, ...widgets } = doc.widgets;
  return { ...doc, widgets, order: doc.order.filter((o) => o !== id) };
}

/** A frame moved / resized on the canvas: whole pixels, at least 20 px, kept on the canvas. */
export function clampFrame(frame: ScreenFrame, canvas: { w: number; h: number }): ScreenFrame {
  const w = Math.max(20, Math.min(Math.round(frame.w), canvas.w));
  const h = Math.max(20, Math.min(Math.round(frame.h), canvas.h));
  return {
    x: Math.max(0, Math.min(Math.round(frame.x), canvas.w - w)),
    y: Math.max(0, Math.min(Math.round(frame.y), canvas.h - h)),
    w,
    h,
  };
}

/** Every point a document binds, sorted, once (the server's `screenPointIds` twin for the client). */
export { screenPointIds } from '@fleet/contracts';

/** A value as a widget prints it: numbers with `decimals`, text as it is, nothing as "--". */
export function formatValue(value: ScreenPoint['value'] | undefined, decimals: number): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toFixed(decimals) : '--';
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n.toFixed(decimals) : value;
}

export function toNumber(value: ScreenPoint['value'] | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && !(typeof value === 'string' && value.trim() === '') ? n : null;
}

/**
 * A number widget's figure over its window, from the first series' buckets: `last` the newest value,
 * `min` / `max` the extreme bucket, `avg` the mean of the buckets (equal-width buckets of the window).
 */
export function sourceFigure(data: ScreenSourceData | undefined, aggregation: SeriesFunction): number | null {
  const values = (data?.series[0]?.points ?? []).map((p) => toNumber(p[1])).filter((n) => n !== null);
  if (values.length === 0) return null;
  if (aggregation === 'last') return values[values.length - 1]!;
  if (aggregation === 'min') return Math.min(...values);
  if (aggregation === 'max') return Math.max(...values);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** A gauge's fill: the value's position between min and max, clamped to 0..1 (null without a value). */
export function gaugeLevel(value: number | null, min: number, max: number): number | null {
  if (value === null || max <= min) return null;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** Widget colours of a theme. */
export const THEMES = {
  dark: {
    text: '#e6f0ff',
    muted: '#8fa8c8',
    panel: 'rgba(16, 40, 72, 0.72)',
    border: '#24507f',
    accent: '#3ba0ff',
  },
  light: {
    text: '#1f2933',
    muted: '#5b6b7c',
    panel: 'rgba(255, 255, 255, 0.9)',
    border: '#d0d7e2',
    accent: '#1677ff',
  },
} as const;

/** CSS `background-size` / `object-fit` of an image fit mode. */
export const FIT_CSS = {
  contain: { size: 'contain', object: 'contain' },
  cover: { size: 'cover', object: 'cover' },
  stretch: { size: '100% 100%', object: 'fill' },
} as const;
