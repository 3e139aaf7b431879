import { defaultGatewayParams } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../../shared/api/client';
import { clearSession } from '../../../../shared/session/token';
import { useSettings } from '../../../../shared/store/settings';
import { registerOtaPlansBundle } from '../i18n';
import { CreatePlanModal } from './CreatePlanModal';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const gateway = {
  id: 7,
  owner_user_id: 1,
  imei: '860000000000007',
  iccid: null,
  type: 1,
  model: 'DEMO-4G',
  default_port: null,
  firmware_version: '1.0.0',
  firmware_counter: 1,
  param_version: 3,
  server_address: '',
  point_limit: null,
  remark: '',
  project_id: null,
};

describe('CreatePlanModal, parameter plan', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    registerOtaPlansBundle();
    await i18n.changeLanguage('en');
    useSettings.setState({ language: 'en' });
  });
  afterAll(async () => {
    await i18n.changeLanguage('zh');
    useSettings.setState({ language: 'zh' });
  });
  beforeEach(() => {
    clearSession();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('blocks Create while a SPEC 5 rule fails and sends the whole document once it holds', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ id: 42, name: 'Params' });
      }
      if (url.includes('/ota/gateways')) return json({ rows: [gateway], total: 1 });
      return json({ rows: [], total: 0 });
    });
    const created = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <CreatePlanModal open onClose={() => {}} onCreated={created} />
        </App>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByTestId('ota-plan-name'), { target: { value: 'Params' } });
    fireEvent.click(within(screen.getByTestId('ota-plan-type')).getByText('Parameters'));
    await screen.findByTestId('gateway-params-form');

    // choose the gateway that runs parameter version 3: the plan's version must be above it
    const select = screen.getByTestId('ota-plan-gateways');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(
      await screen.findByText(/860000000000007/, { selector: '.ant-select-item-option-content' }),
    );
    const blocked = await screen.findByTestId('ota-plan-params-blocked');
    expect(blocked.textContent).toContain('param version must exceed the current version');
    const submit = screen.getByTestId('ota-plan-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);

    // a version above 3 satisfies every rule: Create sends the full document
    fireEvent.change(document.getElementById('gp-param_version')!, { target: { value: '4' } });
    await waitFor(() => expect(screen.queryByTestId('ota-plan-params-blocked')).toBeNull());
    expect(posted).toEqual([]);
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(created).toHaveBeenCalledWith(42));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      name: 'Params',
      type: 1,
      level: 0,
      gateway_ids: [7],
      application_id: null,
      params: { ...defaultGatewayParams(), param_version: 4 },
    });
  });
});
