import { customScreenDocument, screenPointIds } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { buildDemoCustomScreen } from './demo-custom-screen.js';

const sensor = (n: number) => ({
  title: `Room ${n}`,
  temp: String(n * 10 + 1),
  humidity: String(n * 10 + 2),
  energy: String(n * 10 + 3),
  run: String(n * 10 + 4),
});
const pump = { title: 'Pump 1', pressure: '501', temp: '502', count: '503', setpoint: '504' };

describe('demo custom screen', () => {
  it('binds the sensors and the first pump in a valid document', () => {
    const doc = buildDemoCustomScreen({ sensors: [sensor(1), sensor(2), sensor(3)], pumps: [pump] })!;
    expect(customScreenDocument.safeParse(doc).success).toBe(true);
    expect(screenPointIds(doc)).toEqual([11, 12, 13, 21, 23, 31, 33, 501]);
    expect(doc.widgets.pressure).toMatchObject({ kind: 'value', point: 501 });
    expect(doc.widgets.clock).toMatchObject({ kind: 'clock', show: 'datetime' });
  });

  it('is null without demo sensors (nothing to show)', () => {
    expect(buildDemoCustomScreen({ sensors: [], pumps: [pump] })).toBeNull();
  });
});
