import { type DataPointRow, POINT_DEFAULTS, type ScadaPoints } from '@fleet/contracts';
import { type Element, loadDocument, type ScadaDocument } from '@fleet/scada-model';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PermissionContext, type PermissionSource } from '../../../shared/permission/permission';
import { registerScadaRuntimeI18n, scadaRuntimeBundle } from './i18n';
import { LiveStore, STALE_AFTER_MS } from './live-store';
import { ScadaRuntime } from './ScadaRuntime';

const frame = (x = 10, y = 10, w = 100, h = 40) => ({ x, y, w, h, rotation: 0 });
const byId = (pointId: string) => ({ by: 'id' as const, pointId });

const point = (over: Partial<DataPointRow>): DataPointRow => ({
  ...POINT_DEFAULTS,
  id: 1,
  device_id: 5,
  name: 'p',
  access: 'readwrite',
  ...over,
});

const POINTS: ScadaPoints = {
  devices: [
    { id: 5, name: 'Pump station', status: 1, locked: false },
    { id: 6, name: 'Far tank', status: 0, locked: false },
  ],
  points: [
    point({ id: 1, name: 'temp', unit: '°C', data_type: 'float' }),
    point({
      id: 2,
      name: 'state',
      ds_config: { translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'Running' }] },
    }),
    point({ id: 3, name: 'setpoint', title: 'Set point', unit: 'bar', data_type: 'float' }),
    point({ id: 4, name: 'level', device_id: 6 }),
    point({ id: 7, name: 'param', type: 1 }),
    point({ id: 8, name: 'readonly', access: 'readonly' }),
  ],
};

function drawing(elements: Record<string, Element>): ScadaDocument {
  const loaded = loadDocument({
    schemaVersion: 2,
    pages: {
      main: {
        name: 'Main',
        canvas: { w: 800, h: 600, background: '#ffffff' },
        elements,
        order: Object.keys(elements),
      },
      second: { name: 'Second', canvas: { w: 400, h: 300, background: '#eeeeee' }, elements: {}, order: [] },
    },
    pageOrder: ['main', 'second'],
  });
  if (!loaded.ok) throw new Error(`${loaded.path}: ${loaded.message}`);
  return loaded.doc;
}

const ADMIN: PermissionSource = { authList: ['IndScada', 'Device/control', 'Device/setParam'] };

function renderRuntime(doc: ScadaDocument, permissions: PermissionSource = ADMIN) {
  // Flushed synchronously inside act(), like one animation frame.
  const store = new LiveStore((flush) => queueMicrotask(flush));
  render(
    <PermissionContext.Provider value={permissions}>
      <App>
        <ScadaRuntime doc={doc} name="Station" points={POINTS} store={store} />
      </App>
    </PermissionContext.Provider>,
  );
  const set = async (id: number, value: number | string | null, at = Date.now()) => {
    await act(async () => {
      store.setValue(String(id), value, at);
      await Promise.resolve();
    });
  };
  return { store, set };
}

const el = (id: string) => screen.getByTestId(`scada-el-${id}`);

beforeAll(async () => {
  registerScadaRuntimeI18n();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the SCADA runtime renderer', () => {
  it('turns live values into fill, level, text with unit and translation, visibility and flow', async () => {
    const doc = drawing({
      tank: {
        kind: 'rectangle',
        frame: frame(),
        fill: '#cccccc',
        stroke: '#000000',
        strokeWidth: 1,
        bindings: [
          {
            point: byId('1'),
            map: {
              kind: 'threshold',
              prop: 'stroke',
              below: '#00ff00',
              stops: [{ at: 80, color: '#ff0000', blink: true }],
            },
          },
          { point: byId('1'), map: { kind: 'linear', prop: 'level', from: [0, 100], to: [0, 1] } },
        ],
      },
      temp: {
        kind: 'text',
        frame: frame(10, 60),
        text: '--',
        color: '#000000',
        fontSize: 14,
        align: 'start',
        bindings: [{ point: byId('1'), map: { kind: 'text', translate: true, unit: true, decimals: 1 } }],
      },
      state: {
        kind: 'text',
        frame: frame(10, 110),
        text: '--',
        color: '#000000',
        fontSize: 14,
        align: 'start',
        bindings: [{ point: byId('2'), map: { kind: 'text', translate: true, unit: true } }],
      },
      alarm: {
        kind: 'ellipse',
        frame: frame(200, 10, 20, 20),
        fill: '#ff0000',
        stroke: 'none',
        strokeWidth: 0,
        bindings: [{ point: byId('2'), map: { kind: 'boolean', prop: 'visible', invert: true } }],
      },
      pipe: {
        kind: 'pipe',
        frame: frame(0, 200, 300, 10),
        stroke: '#595959',
        strokeWidth: 8,
        points: [
          { x: 0, y: 5 },
          { x: 300, y: 5 },
        ],
        liquid: '#69b1ff',
        flow: 'none',
        bindings: [{ point: byId('1'), map: { kind: 'flow', deadband: 0.5 } }],
      },
    });
    const { set } = renderRuntime(doc);
    await set(1, 92.345);
    await set(2, 1);
    const tank = el('tank').querySelectorAll('rect');
    expect(tank[0]!.getAttribute('stroke')).toBe('#ff0000');
    expect(el('tank').getAttribute('class')).toContain('scada-blink');
    expect(tank[1]!.getAttribute('data-level')).toBe(String(0.92345));
    expect(el('temp').textContent).toBe('92.3 °C');
    expect(el('state').textContent).toBe('Running');
    expect(screen.queryByTestId('scada-el-alarm')).toBeNull();
    expect(el('pipe').querySelector('[data-flow]')?.getAttribute('data-flow')).toBe('forward');

    await set(1, -3);
    await set(2, 0);
    expect(el('tank').querySelector('rect')!.getAttribute('stroke')).toBe('#00ff00');
    expect(el('pipe').querySelector('[data-flow]')?.getAttribute('data-flow')).toBe('reverse');
    expect(el('alarm')).toBeTruthy();
  });

  it('greys elements of an offline device, without data, or stale, and says why', async () => {
    const rect = (pointId: string): Element => ({
      kind: 'rectangle',
      frame: frame(),
      fill: '#cccccc',
      stroke: '#000000',
      strokeWidth: 1,
      bindings: [
        {
          point: byId(pointId),
          map: { kind: 'threshold', prop: 'fill', below: '#00ff00', stops: [{ at: 1, color: '#ff0000' }] },
        },
      ],
    });
    const doc = drawing({
      live: rect('1'),
      far: rect('4'),
      never: rect('3'),
      gone: rect('999'),
      old: rect('2'),
    });
    const { set, store } = renderRuntime(doc);
    await set(1, 5);
    await set(4, 5);
    await set(2, 5, Date.now() - STALE_AFTER_MS - 1000);
    expect(el('live').getAttribute('data-grey')).toBeNull();
    expect(el('far').getAttribute('data-grey')).toBe('offline');
    expect(el('far').querySelector('title')?.textContent).toContain('Far tank');
    expect(within(el('far')).getByTestId('scada-hatch')).toBeTruthy();
    expect(el('never').getAttribute('data-grey')).toBe('noData');
    expect(el('gone').getAttribute('data-grey')).toBe('noPoint');
    expect(el('old').getAttribute('data-grey')).toBe('stale');
    // The device comes online: its elements are no longer greyed.
    await act(async () => {
      store.setDeviceOnline(6, true);
      await Promise.resolve();
    });
    expect(el('far').getAttribute('data-grey')).toBeNull();
    expect(el('live').getAttribute('data-grey')).toBeNull();
  });

  it('re-renders only the elements bound to a changed point', async () => {
    const text = (pointId: string): Element => ({
      kind: 'text',
      frame: frame(),
      text: '',
      color: '#000000',
      fontSize: 12,
      align: 'start',
      bindings: [{ point: byId(pointId), map: { kind: 'text', translate: false, unit: false } }],
    });
    const { set } = renderRuntime(drawing({ a: text('1'), b: text('3') }));
    await set(1, 1);
    await set(3, 1);
    const b = el('b').querySelector('text')!;
    await set(1, 2);
    expect(el('a').textContent).toBe('2');
    // Same DOM node, untouched content: b was not re-rendered into something else.
    expect(el('b').querySelector('text')).toBe(b);
    expect(b.textContent).toBe('1');
  });

  it('names the devices whose data is locked (expired service) and links to the renewal', () => {
    const onRoute = vi.fn();
    const points: ScadaPoints = {
      ...POINTS,
      devices: [POINTS.devices[0]!, { ...POINTS.devices[1]!, locked: true }],
    };
    render(
      <PermissionContext.Provider value={ADMIN}>
        <App>
          <ScadaRuntime doc={drawing({})} name="Station" points={points} onRoute={onRoute} />
        </App>
      </PermissionContext.Provider>,
    );
    const banner = screen.getByTestId('scada-locked');
    expect(banner.textContent).toContain('Service expired, data locked until renewed: Far tank');
    expect(banner.textContent).not.toContain('Pump station');
    fireEvent.click(within(banner).getByRole('button', { name: 'Renew' }));
    expect(onRoute).toHaveBeenCalledWith('/deviceRecharge');
  });

  it('shows no lock banner while every device is unlocked', () => {
    renderRuntime(drawing({}));
    expect(screen.queryByTestId('scada-locked')).toBeNull();
  });

  it('navigates between pages with a link and the page switcher', async () => {
    const doc = drawing({
      go: { kind: 'link', frame: frame(), label: 'Next', to: { kind: 'page', page: 'second' } },
    });
    renderRuntime(doc);
    expect(screen.getByTestId('scada-canvas').getAttribute('data-page')).toBe('main');
    fireEvent.click(screen.getByTestId('scada-link'));
    expect(screen.getByTestId('scada-canvas').getAttribute('data-page')).toBe('second');
    fireEvent.click(within(screen.getByTestId('scada-pages')).getByText('Main'));
    expect(screen.getByTestId('scada-canvas').getAttribute('data-page')).toBe('main');
  });

  const controls = (): Record<string, Element> => ({
    start: {
      kind: 'button',
      frame: frame(),
      label: 'Start',
      write: { point: byId('3'), value: 42, confirm: true },
    },
    param: {
      kind: 'button',
      frame: frame(),
      label: 'P',
      write: { point: byId('7'), value: 1, confirm: false },
    },
    ro: { kind: 'button', frame: frame(), label: 'R', write: { point: byId('8'), value: 1, confirm: false } },
  });

  it('disables writes the user may not send, with the reason', () => {
    renderRuntime(drawing(controls()), { authList: ['IndScada', 'Device/control'] });
    expect(screen.getByTestId('scada-control-start').getAttribute('data-disabled')).toBeNull();
    const param = screen.getByTestId('scada-control-param');
    expect(param.getAttribute('data-disabled')).toBe('deniedParam');
    expect(param.querySelector('title')?.textContent).toBe(i18n.t('scada.runtime.write.deniedParam'));
    expect(screen.getByTestId('scada-control-ro').getAttribute('data-disabled')).toBe('pointReadOnly');
  });

  it('a read-only account (or a user without control) sees every control disabled', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRuntime(drawing(controls()), { ...ADMIN, readOnly: true });
    const start = screen.getByTestId('scada-control-start');
    expect(start.getAttribute('data-disabled')).toBe('readOnlyAccount');
    fireEvent.click(start);
    expect(globalThis.document.querySelector('.scada-confirm-ok')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for confirmation, sends through the command API and shows the command status', async () => {
    const row = {
      id: 77,
      device_id: 5,
      point_id: 3,
      point_name: 'setpoint',
      point_title: 'Set point',
      kind: 'write',
      value: 42,
      status: 'send',
      error: '',
      created_by: 1,
      created_at: new Date().toISOString(),
      sent_at: null,
      answered_at: null,
    };
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: row }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderRuntime(drawing(controls()));
    fireEvent.click(screen.getByTestId('scada-control-start'));
    // Nothing is sent before the operator confirms.
    await waitFor(() => expect(globalThis.document.querySelector('.scada-confirm-ok')).toBeTruthy());
    expect(fetch).not.toHaveBeenCalled();
    expect(globalThis.document.body.textContent).toContain(
      i18n.t('scada.runtime.write.confirmBody', { value: '42 bar', point: 'Set point' }),
    );
    fireEvent.click(globalThis.document.querySelector('.scada-confirm-ok')!);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/device/cmd');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ device_id: 5, point_id: 3, value: 42 });
    const status = await screen.findByTestId('scada-command-status');
    expect(status.getAttribute('data-status')).toBe('send');
  });

  it('shows a failed command with its reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 20000, msg: 'Device is offline', data: 'Device is offline' }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderRuntime(
      drawing({
        go: {
          kind: 'button',
          frame: frame(),
          label: 'Go',
          write: { point: byId('3'), value: 1, confirm: false },
        },
      }),
    );
    fireEvent.click(screen.getByTestId('scada-control-go'));
    const status = await screen.findByTestId('scada-command-status');
    await waitFor(() => expect(status.getAttribute('data-status')).toBe('failed'));
    expect(status.textContent).toContain('Device is offline');
  });

  it('has every runtime text in zh, en and es', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const zh = keys(scadaRuntimeBundle.zh).sort();
    expect(keys(scadaRuntimeBundle.en).sort()).toEqual(zh);
    expect(keys(scadaRuntimeBundle.es).sort()).toEqual(zh);
  });
});
