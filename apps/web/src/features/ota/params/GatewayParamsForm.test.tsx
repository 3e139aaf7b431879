import { defaultGatewayParams, type GatewayParams } from '@fleet/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatewayParamsForm, type ParamPath } from './index';

const seen: { doc: GatewayParams; problems: Map<ParamPath, string> }[] = [];

function Harness({ initial, current }: { initial: GatewayParams; current: number | null }) {
  const [doc, setDoc] = useState(initial);
  return (
    <App>
      <GatewayParamsForm
        value={doc}
        currentVersion={current}
        onChange={(next, problems) => {
          seen.push({ doc: next, problems });
          setDoc(next);
        }}
      />
    </App>
  );
}

const renderForm = (initial = defaultGatewayParams(), current: number | null = null) => {
  seen.length = 0;
  return render(<Harness initial={initial} current={current} />);
};
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const last = () => seen.at(-1)!;
const errorOf = (id: string) => screen.queryByTestId(`${id}-error`)?.textContent ?? null;

describe('GatewayParamsForm', { timeout: 120_000 }, () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('zh'));

  it('starts from the SPEC 5 defaults and shows each rule where it applies', () => {
    renderForm();
    expect(input('gp-uart_read_ms').value).toBe('25');
    expect(input('gp-channels-0-heartbeat_interval_s').value).toBe('120');
    expect(screen.getByTestId('gp-uart_read_ms-rule').textContent).toContain(
      'uart read time must be 10 to 2000 ms',
    );
    expect(screen.getByTestId('gp-switch_slave_id-rule').textContent).toContain(
      'switch slave id must be 1 to 254',
    );
    expect(screen.getByTestId('gp-channels-0-heartbeat_interval_s-rule').textContent).toContain(
      '0 (off) or seconds, 60 to 300 suggested',
    );
    expect(screen.getByTestId('gp-loop_write-interval_s-rule').textContent).toContain('at least 5');
    expect(screen.queryByTestId('gateway-params-problems')).toBeNull();
    // network channels: a new one takes the defaults, at most four
    const add = screen.getByTestId('gp-channel-add') as HTMLButtonElement;
    for (let i = 0; i < 3; i++) fireEvent.click(add);
    expect(last().doc.channels).toHaveLength(4);
    expect(last().doc.channels[3]?.heartbeat_interval_s).toBe(120);
    expect(add.disabled).toBe(true);
  });

  it('shows each failing rule under its field: version above the current one, third party, random number, hex', () => {
    renderForm(defaultGatewayParams(), 3);
    expect(screen.getByTestId('gp-param_version-rule').textContent).toContain('the gateway runs v3');
    expect(errorOf('gp-param_version')).toBe('param version must exceed the current version');
    expect(screen.getByTestId('gateway-params-problems')).toBeTruthy();
    fireEvent.change(input('gp-param_version'), { target: { value: '4' } });
    expect(last().doc.param_version).toBe(4);
    expect(last().problems.size).toBe(0);
    expect(errorOf('gp-param_version')).toBeNull();

    // a third-party platform needs a version above 1
    fireEvent.change(input('gp-param_version'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('gp-third_party-enable'));
    expect(last().problems.get('param_version')).toBe('gatewayParams.thirdPartyVersion');
    expect(errorOf('gp-param_version')).toBe(
      'param version must be above 1 to connect a third-party platform',
    );
    fireEvent.click(screen.getByTestId('gp-hj212-supplementary_enable'));
    expect(errorOf('gp-hj212-random_enable')).toBe(
      'supplementary data requires the random number to be enabled',
    );
    fireEvent.click(screen.getByTestId('gp-hj212-random_enable'));
    expect(errorOf('gp-hj212-random_enable')).toBeNull();

    // hex content wants the 0x prefix
    fireEvent.click(screen.getByTestId('gp-channels-0-heartbeat_packet-hex'));
    fireEvent.change(input('gp-channels-0-heartbeat_packet-content'), { target: { value: 'abc' } });
    expect(errorOf('gp-channels-0-heartbeat_packet-content')).toBe(
      'hex content needs the 0x prefix and whole bytes',
    );
    fireEvent.change(input('gp-channels-0-heartbeat_packet-content'), { target: { value: '0x0A1B' } });
    expect(errorOf('gp-channels-0-heartbeat_packet-content')).toBeNull();
  });

  it('asks before 4G routing turns network-port collection off; cancelling changes nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderForm();
      const routing = screen.getByTestId('gp-network-lte_routing');
      fireEvent.click(routing);
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('network-port collection will be turned off');
      expect(seen).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await act(() => vi.runAllTimersAsync());
      expect(seen).toHaveLength(0);
      expect(routing.getAttribute('aria-checked')).toBe('false');

      fireEvent.click(routing);
      const again = (await screen.findAllByRole('dialog')).at(-1)!;
      fireEvent.click(within(again).getByRole('button', { name: 'Turn on' }));
      await act(() => vi.runAllTimersAsync());
      expect(last().doc.network).toMatchObject({ lte_routing: true, network_port_collection: false });
      expect(last().problems.size).toBe(0);
      expect(routing.getAttribute('aria-checked')).toBe('true');
      expect(screen.getByTestId('gp-network-lte_routing-rule').textContent).toContain(
        '4G routing needs 4G to be enabled',
      );

      // without 4G routing cannot be turned on
      fireEvent.click(routing);
      fireEvent.click(screen.getByTestId('gp-network-lte_enable'));
      expect(last().doc.network).toMatchObject({ lte_enable: false, lte_routing: false });
      expect((routing as HTMLButtonElement).disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
