import type { AssetRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { labelIds } from '../pages/AssetLabelsPage';
import { AssetTable, exportParamsOf } from './AssetTable';
import { reasonText } from './ImportAssetsDialog';

const asset = (id: number, over: Partial<AssetRow> = {}): AssetRow => ({
  id,
  code: `PUMP-00${id}`,
  name: `Pump ${id}`,
  model: 'CR 32',
  category: 'Pump',
  location: 'Bay 1',
  lat: null,
  lng: null,
  supplier: 'Grundfos',
  installed_on: null,
  warranty_until: null,
  warranty: 'none',
  warranty_days: null,
  status: 0,
  notes: '',
  device_id: null,
  device_title: null,
  files: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

const json = (data: unknown, code = 0) =>
  new Response(JSON.stringify({ code, msg: code === 0 ? 'ok' : 'failed', data }), {
    headers: { 'Content-Type': 'application/json' },
    status: code === 0 ? 200 : 500,
  });

function stubServer(rows: AssetRow[] | 'fail') {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    if (url.pathname === '/api/v1/maintenance/asset') {
      queries.push(url.searchParams);
      if (rows === 'fail') return json(null, 50000);
      const search = url.searchParams.get('search');
      const found = search ? rows.filter((r) => r.code.includes(search)) : rows;
      return json({ rows: found, total: found.length });
    }
    if (url.pathname === '/api/v1/maintenance/asset/categories') return json(['Pump']);
    return json(null);
  });
  return queries;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderTable(authList: string[]) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={authList} roles={[]} readOnly={false}>
        <App>
          <MemoryRouter initialEntries={['/maintenance/asset']}>
            <Routes>
              <Route path="/maintenance/asset" element={<AssetTable />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

const ALL = ['maintenance.Asset/index', 'maintenance.Asset/add', 'ExportFile'];

describe('AssetTable', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    clearSession();
    resetApiClientState();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh');
  });

  it('lists the assets with their warranty: in, expiring in N days, out, none', async () => {
    stubServer([
      asset(1, { warranty: 'expiring', warranty_days: 12, warranty_until: '2026-12-09' }),
      asset(2, { warranty: 'out', warranty_days: -3 }),
      asset(3, { warranty: 'in', warranty_days: 400, device_id: 5, device_title: 'Pump sensor' }),
      asset(4),
    ]);
    renderTable(ALL);
    const table = await screen.findByTestId('asset-table');
    await waitFor(() => expect(within(table).getAllByTestId('asset-warranty')).toHaveLength(4));
    const tags = within(table)
      .getAllByTestId('asset-warranty')
      .map((el) => el.textContent);
    expect(tags).toEqual(['Expires in 12 days', 'Out of warranty', 'In warranty', 'No warranty date']);
    expect(table.textContent).toContain('Pump sensor');
    expect(screen.getByTestId('asset-add')).toBeTruthy();
    expect(screen.getByTestId('asset-import')).toBeTruthy();
  });

  it('prints labels of the selected rows', async () => {
    stubServer([asset(1), asset(2), asset(3)]);
    renderTable(ALL);
    const table = await screen.findByTestId('asset-table');
    await waitFor(() => expect(within(table).getAllByTestId('asset-open')).toHaveLength(3));
    expect(screen.queryByTestId('asset-print-labels')).toBeNull();
    const boxes = within(table).getAllByRole('checkbox');
    // [0] is "select all"; pick rows 1 and 3.
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[3]!);
    const print = await screen.findByTestId('asset-print-labels');
    expect(print.textContent).toContain('(2)');
    fireEvent.click(print);
    expect((await screen.findByTestId('where')).textContent).toBe('/maintenance/asset/labels?ids=1,3');
  });

  it('a reader gets no add or import; an empty list and a failed load say so', async () => {
    stubServer([]);
    renderTable(['maintenance.Asset/index']);
    await waitFor(() => expect(screen.getByTestId('asset-table').textContent).toContain('No data'));
    expect(screen.queryByTestId('asset-add')).toBeNull();
    expect(screen.queryByTestId('asset-import')).toBeNull();
    vi.unstubAllGlobals();
    stubServer('fail');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('accounts.common.refresh') }));
    expect(await screen.findByTestId('list-error')).toBeTruthy();
  });

  it('shows cards on a phone and searches', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
    try {
      const queries = stubServer([asset(1), asset(2)]);
      renderTable(ALL);
      await waitFor(() => expect(screen.getAllByTestId('asset-card')).toHaveLength(2));
      expect(screen.queryByTestId('asset-table')).toBeNull();
      fireEvent.change(screen.getByPlaceholderText('Code, name, model, supplier, location'), {
        target: { value: 'PUMP-002' },
      });
      await waitFor(() => expect(screen.getAllByTestId('asset-card')).toHaveLength(1));
      expect(queries.at(-1)?.get('search')).toBe('PUMP-002');
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    }
  });

  it('turns the filters into export params and reads label ids safely', () => {
    expect(exportParamsOf('pump', { status: 0, category: undefined, warranty: 'expiring' })).toEqual({
      search: 'pump',
      status: '0',
      warranty: 'expiring',
    });
    expect(labelIds('3,1,x,3,-2,0,7')).toEqual([3, 1, 7]);
    expect(labelIds(null)).toEqual([]);
    const failure = {
      row: 3,
      code: 'P-1',
      reason: 'code: repeats row 2',
      reason_key: 'asset.importRepeats' as const,
      reason_params: { row: 2 },
    };
    expect(reasonText(failure, 'zh')).toBe('编号与第 2 行重复');
    expect(reasonText(failure, 'es')).toBe('código: repite la fila 2');
    expect(reasonText(failure, 'xx')).toBe('code: repeats row 2');
  });
});
