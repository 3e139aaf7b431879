import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../../shared/api/client';
import { clearSession } from '../../../../shared/session/token';
import { SimImportModal } from './SimImportModal';

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));

function renderModal() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <SimImportModal open onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
}

describe('SimImportModal', { timeout: 60_000 }, () => {
  beforeEach(() => {
    clearSession();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the lines the server refused (its item positions turned into lines), in the user language', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_input: string, init: RequestInit = {}) => {
      bodies.push(JSON.parse(String(init.body)));
      return json(
        {
          created: 0,
          failed: [
            {
              row: 2,
              value: '89860012345678901231',
              reason: 'ICCID 89860012345678901231 repeats item 1 of the input',
              reason_key: 'ota.duplicateIccid',
            },
          ],
        },
        10002,
        'body.sims: 1 of 2 lines are wrong, nothing was stored',
      );
    });
    renderModal();
    fireEvent.change(await screen.findByTestId('ota-sim-import-text'), {
      target: { value: 'iccid,carrier\n89860012345678901231,china-mobile\n\n89860012345678901231' },
    });
    fireEvent.click(screen.getByTestId('ota-sim-import-submit'));
    const failures = await screen.findByTestId('ota-sim-import-failures');
    expect(rowsOf(failures)).toEqual([
      ['4', '89860012345678901231', 'ICCID 89860012345678901231 与第 2 行重复'],
    ]);
    expect(bodies).toEqual([
      {
        sims: [{ iccid: '89860012345678901231', carrier: 'china-mobile' }, { iccid: '89860012345678901231' }],
      },
    ]);
  });

  it('refuses malformed lines itself and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    fireEvent.change(await screen.findByTestId('ota-sim-import-text'), {
      target: { value: '89860012345678901231,vodafone\n123' },
    });
    fireEvent.click(screen.getByTestId('ota-sim-import-submit'));
    const failures = await screen.findByTestId('ota-sim-import-failures');
    expect(rowsOf(failures).map((r) => r[0])).toEqual(['1', '2']);
    expect(rowsOf(failures)[1]?.[2]).toBe('ICCID 须为 19 到 20 位数字或字母');
    expect(fetch).not.toHaveBeenCalled();
  });
});
