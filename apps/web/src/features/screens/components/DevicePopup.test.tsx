import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PermissionContext } from '../../../shared/permission/permission';

vi.mock('../../../shared/live/use-live', () => ({ useLiveDevices: () => {} }));

const { DevicePopup } = await import('./DevicePopup');

let scada: { id: number; name: string }[] = [];
let calls: string[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(`${url.pathname}${url.search}`);
    const data = url.pathname.endsWith('/scada/for-device') ? { rows: scada } : [];
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

const popup = (authList: string[]) =>
  render(
    <PermissionContext.Provider value={{ authList }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DevicePopup device={{ id: 7, title: 'Pump', status: 1, alarmType: 0 }} />
        </MemoryRouter>
      </QueryClientProvider>
    </PermissionContext.Provider>,
  );

describe('device map popup', () => {
  it('links to the SCADA template drawn for the device, opened for it', async () => {
    scada = [{ id: 12, name: 'Pump view' }];
    popup(['IndScada', 'DeviceManage']);
    const link = await screen.findByTestId('device-map-popup-scada');
    expect(link.getAttribute('href')).toBe('/scada/view/12?device=7');
    expect(calls).toContain('/api/v1/scada/for-device?device_id=7');
    expect(screen.getByText('Details')).toBeTruthy();
    expect(screen.getByText('History')).toBeTruthy();
  });

  it('shows no SCADA link without a drawing, nor without the SCADA permission (and does not ask)', async () => {
    scada = [];
    const { unmount } = popup(['IndScada']);
    await waitFor(() => expect(calls).toContain('/api/v1/scada/for-device?device_id=7'));
    expect(screen.queryByTestId('device-map-popup-scada')).toBeNull();
    unmount();
    calls = [];
    scada = [{ id: 12, name: 'Pump view' }];
    popup([]);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls.some((c) => c.includes('/scada/'))).toBe(false);
    expect(screen.queryByTestId('device-map-popup-scada')).toBeNull();
  });
});
