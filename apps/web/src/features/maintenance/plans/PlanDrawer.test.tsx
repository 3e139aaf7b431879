import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionContext } from '../../../shared/permission/permission';
import { clearSession } from '../../../shared/session/token';
import { PlanDrawer } from './PlanDrawer';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** A server with the device ledger switched on or off and one asset, PUMP-001 (id 7). */
function stubServer(ledgerOn: boolean) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(url);
    if (url.pathname === '/api/v1/system/config') return json({ modules: { deviceAccount: ledgerOn } });
    if (url.pathname === '/api/v1/maintenance/asset')
      return json({ rows: [{ id: 7, code: 'PUMP-001', name: 'Inlet pump' }], total: 1 });
    if (url.pathname.endsWith('/preview')) return json({ occurrences: [] });
    return json([]);
  });
  return calls;
}

function renderDrawer(authList: string[]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionContext.Provider value={{ authList }}>
        <App>
          <PlanDrawer id={null} open onClose={() => {}} />
        </App>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

/** Opens an Ant Design select by its test id; answers the option elements of the open list. */
async function openSelect(testId: string) {
  await userEvent.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() =>
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeTruthy(),
  );
}
const option = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`);

describe('PlanDrawer targets', () => {
  beforeEach(async () => {
    resetApiClientState();
    clearSession();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh');
  });

  it('targets device ledger assets on a calendar when the ledger is on and readable', async () => {
    const calls = stubServer(true);
    renderDrawer(['maintenance.Plan/add', 'maintenance.Asset/index']);
    await openSelect('plan-target-type');
    await waitFor(() =>
      expect(option('Device ledger')?.getAttribute('aria-disabled') ?? 'false').toBe('false'),
    );
    await userEvent.click(option('Device ledger')!);
    // The targets are now assets, searched in the ledger.
    await screen.findByText('Assets');
    await openSelect('plan-targets');
    await waitFor(() => expect(calls.some((u) => u.pathname === '/api/v1/maintenance/asset')).toBe(true));
    await waitFor(() => expect(option('PUMP-001 Inlet pump')).toBeTruthy());
    // Meters read a monitored device: on assets only the calendar trigger is offered.
    await openSelect('plan-trigger');
    await waitFor(() => expect(option('Running hours')).toBeTruthy());
    expect(option('Running hours')!.getAttribute('aria-disabled')).toBe('true');
    expect(option('Value crosses a limit')!.getAttribute('aria-disabled')).toBe('true');
    expect(option('Calendar')!.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('keeps the ledger target off, and says why, without the ledger permission', async () => {
    stubServer(true);
    renderDrawer(['maintenance.Plan/add']);
    await screen.findByText(/Device ledger targets need the device ledger switched on/);
    await openSelect('plan-target-type');
    await waitFor(() => expect(option('Device ledger')).toBeTruthy());
    expect(option('Device ledger')!.getAttribute('aria-disabled')).toBe('true');
  });
});
