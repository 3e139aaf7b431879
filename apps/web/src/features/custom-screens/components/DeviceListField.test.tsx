import type { ScreenStatusRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { DeviceListField } from './DeviceListField';

const row = (device_id: number, title: string): ScreenStatusRow => ({
  device_id,
  title,
  status: 1,
  alarm_type: 0,
  last_seen: null,
  locked: false,
  values: [],
});

let posted: unknown[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const names = url.pathname.endsWith('/custom-screen/preview/status');
    if (names) posted.push(JSON.parse(String(init.body)));
    // Device 99 is not among the devices the designer may see: the server leaves it out.
    const data = names ? { rows: [row(3, 'Boiler'), row(4, 'Chiller')] } : { rows: [], total: 0 };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

describe('the device tags of a widget in the designer', () => {
  it('name each device; only a device whose name is unknown shows its id', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DeviceListField devices={[3, 99, 4]} onChange={() => undefined} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('cs-device-tag').map((t) => t.textContent)).toEqual([
        'Boiler',
        '#99',
        'Chiller',
      ]),
    );
    // One read for all the tags, with no value columns.
    expect(posted).toEqual([{ devices: [3, 99, 4], columns: [] }]);
  });
});
