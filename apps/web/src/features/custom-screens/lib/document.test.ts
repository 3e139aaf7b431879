import { customScreenDocument, emptyScreenDocument } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  addWidget,
  clampFrame,
  freeSpot,
  gaugeLevel,
  newWidget,
  removeWidget,
  screenPointIds,
  sourceFigure,
} from './document';

const data = (values: (number | string | null)[]) => ({
  bucket_ms: 1,
  series: [{ point_id: 1, title: 't', unit: '', points: values.map((v, i) => [i, v] as [number, typeof v]) }],
});

describe('custom screen document helpers', () => {
  it('text and clock widgets need no binding, and the schema bounds them', () => {
    let doc = emptyScreenDocument();
    doc = addWidget(doc, newWidget(doc, 'text', 0, { x: 0, y: 0 }, 'Plant A'));
    doc = addWidget(doc, newWidget(doc, 'clock', 0, { x: 0, y: 0 }));
    expect(customScreenDocument.safeParse(doc).success).toBe(true);
    expect(screenPointIds(doc)).toEqual([]);
    expect(doc.widgets.text1).toMatchObject({ text: 'Plant A', align: 'left' });
    const long = {
      ...doc,
      widgets: { ...doc.widgets, text1: { ...doc.widgets.text1!, text: 'x'.repeat(501) } },
    };
    expect(customScreenDocument.safeParse(long).success).toBe(false);
    const zoned = (timeZone: string) => ({ ...doc, canvas: { ...doc.canvas, timeZone } });
    expect(customScreenDocument.safeParse(zoned('Asia/Shanghai')).success).toBe(true);
    expect(customScreenDocument.safeParse(zoned('Mars/Olympus')).success).toBe(false);
  });

  it('an image widget and the background take only same-origin uploads, with a fit mode', () => {
    let doc = emptyScreenDocument();
    doc = addWidget(doc, newWidget(doc, 'image', 0, { x: 0, y: 0 }));
    expect(doc.widgets.image1).toMatchObject({ src: null, fit: 'contain' });
    expect(customScreenDocument.safeParse(doc).success).toBe(true);
    const withSrc = (src: string) => ({
      ...doc,
      widgets: { image1: { ...doc.widgets.image1!, src } },
    });
    expect(customScreenDocument.safeParse(withSrc(`/upload/graphlib/${'a'.repeat(64)}.png`)).success).toBe(
      true,
    );
    for (const bad of ['https://evil.example/x.png', '//evil.example/x.png', '/upload/../secret', 'data:x'])
      expect(customScreenDocument.safeParse(withSrc(bad)).success).toBe(false);
    const bg = {
      ...doc,
      canvas: { ...doc.canvas, backgroundImage: '/upload/graphlib/b.svg', backgroundFit: 'stretch' },
    };
    expect(customScreenDocument.safeParse(bg).success).toBe(true);
    expect(
      customScreenDocument.safeParse({ ...bg, canvas: { ...bg.canvas, backgroundFit: 'tile' } }).success,
    ).toBe(false);
  });

  it('a status table names devices, a SCADA widget its app (first page by default), a map none at first', () => {
    let doc = emptyScreenDocument();
    doc = addWidget(doc, newWidget(doc, 'status', 7, { x: 0, y: 0 }));
    doc = addWidget(doc, newWidget(doc, 'scada', 9, { x: 0, y: 0 }));
    expect(doc.widgets.status1).toMatchObject({ devices: [7], columns: [] });
    expect(doc.widgets.scada1).toMatchObject({ scada: 9, page: null });
    doc = addWidget(doc, newWidget(doc, 'map', 0, { x: 0, y: 0 }));
    // A new map names no device: it shows all the reader's.
    expect(doc.widgets.map1).toMatchObject({ kind: 'map', devices: [] });
    expect(customScreenDocument.safeParse(doc).success).toBe(true);
    // Neither binds a point of the screen's own value feed.
    expect(screenPointIds(doc)).toEqual([]);
  });

  it('places a new widget on the first spot overlapping nothing', () => {
    let doc = emptyScreenDocument();
    expect(freeSpot(doc, { w: 400, h: 100 })).toEqual({ x: 40, y: 40 });
    doc = addWidget(doc, newWidget(doc, 'text', 0, { x: 40, y: 40 }));
    // text is 420 x 100: the next 420-wide box starts 20 px to its right.
    expect(freeSpot(doc, { w: 420, h: 120 })).toEqual({ x: 480, y: 40 });
    // Too wide to sit beside it: below it.
    expect(freeSpot(doc, { w: 1800, h: 100 })).toEqual({ x: 40, y: 160 });
    // Nothing fits: the corner.
    expect(freeSpot(doc, { w: 1920, h: 1080 })).toEqual({ x: 40, y: 40 });
  });

  it('new widgets of every kind make a valid document with unique ids and their points bound', () => {
    let doc = emptyScreenDocument();
    for (const [i, kind] of (['number', 'value', 'gauge', 'line', 'bar', 'value'] as const).entries())
      doc = addWidget(doc, newWidget(doc, kind, 100 + i, { x: 10, y: 10 }));
    expect(customScreenDocument.safeParse(doc).success).toBe(true);
    expect(doc.order).toEqual(['number1', 'value1', 'gauge1', 'line1', 'bar1', 'value2']);
    expect(screenPointIds(doc)).toEqual([100, 101, 102, 103, 104, 105]);
    doc = removeWidget(doc, 'gauge1');
    expect(doc.order).not.toContain('gauge1');
    expect(screenPointIds(doc)).not.toContain(102);
  });

  it('aggregates a window from its buckets', () => {
    expect(sourceFigure(data([1, 5, null, 3]), 'avg')).toBe(3);
    expect(sourceFigure(data([1, 5, null, 3]), 'min')).toBe(1);
    expect(sourceFigure(data([1, 5, null, 3]), 'max')).toBe(5);
    expect(sourceFigure(data([1, 5, 3, null]), 'last')).toBe(3);
    expect(sourceFigure(data([null, 'off']), 'avg')).toBeNull();
    expect(sourceFigure(undefined, 'avg')).toBeNull();
  });

  it('clamps gauge levels and frames', () => {
    expect(gaugeLevel(25, 0, 50)).toBe(0.5);
    expect(gaugeLevel(-5, 0, 50)).toBe(0);
    expect(gaugeLevel(80, 0, 50)).toBe(1);
    expect(gaugeLevel(null, 0, 50)).toBeNull();
    expect(clampFrame({ x: 1900.4, y: -30, w: 300, h: 5 }, { w: 1920, h: 1080 })).toEqual({
      x: 1620,
      y: 0,
      w: 300,
      h: 20,
    });
  });
});
