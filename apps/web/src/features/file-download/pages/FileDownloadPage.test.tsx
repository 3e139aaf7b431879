import type { ExportJobRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { useSettings } from '../../../shared/store/settings';
import FileDownloadPage from './FileDownloadPage';

const job = (id: number, over: Partial<ExportJobRow> = {}): ExportJobRow => ({
  id,
  kind: 'alarmlog',
  title: 'Alarm log',
  status: 'done',
  progress: 100,
  rows: 1200,
  format: 'xlsx',
  file_name: `alarm-log-${id}.xlsx`,
  size: 1536,
  error: '',
  created_at: '2026-11-22T08:00:00.000Z',
  finished_at: '2026-11-22T08:01:00.000Z',
  expires_at: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  ...over,
});

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: URL };

function stubServer(rows: () => ExportJobRow[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (url.pathname === '/api/v1/dataCenter/fileDownload' && method === 'GET') {
      const status = url.searchParams.get('status');
      const list = rows().filter((r) => !status || r.status === status);
      return json({ rows: list, total: list.length });
    }
    if (url.pathname === '/api/v1/dataCenter/fileDownload/1/file')
      return new Response('xlsx', {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': "attachment; filename*=UTF-8''%E6%8A%A5%E8%AD%A6.xlsx",
        },
      });
    if (url.pathname === '/api/v1/dataCenter/fileDownload/1' && method === 'DELETE') return json(null);
    return json(null, 50000, 'not found');
  });
  return calls;
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v1/dataCenter/fileDownload').length;

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['ExportFile']} roles={[]}>
        <App>
          <FileDownloadPage />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

// Ant Design tables render slowly in jsdom on a busy machine.
describe('FileDownloadPage', () => {
  beforeEach(async () => {
    clearSession();
    resetApiClientState();
    await i18n.changeLanguage('en');
    useSettings.getState().setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows status, progress, size, the error of a failed job and the relative expiry', async () => {
    stubServer(() => [
      job(1),
      job(2, { status: 'running', progress: 40, size: 0, finished_at: null, expires_at: null }),
      job(3, { status: 'failed', error: 'disk full', size: 0, expires_at: null }),
    ]);
    renderPage();
    const table = await screen.findByTestId('export-table');
    await within(table).findByText('alarm-log-1.xlsx');
    const statuses = within(table)
      .getAllByTestId('export-status')
      .map((n) => n.textContent);
    expect(statuses).toEqual(['Done', 'Running', 'Failed']);
    expect(within(table).getByTestId('export-progress').textContent).toContain('40%');
    expect(within(table).getByText('1.5 KB')).toBeTruthy();
    expect(within(table).getByTestId('export-expires').textContent).toMatch(/in (5|6) days/);
    expect((screen.getByTestId('export-download-2') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseEnter(within(table).getAllByTestId('export-status')[2] as HTMLElement);
    expect(await screen.findByText('disk full')).toBeTruthy();
  });

  it('polls every 2 s while a job runs and stops when none does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: ExportJobRow['status'] = 'running';
    const calls = stubServer(() => [job(1, { status, progress: status === 'running' ? 10 : 100 })]);
    renderPage();
    await screen.findByTestId('export-progress');
    expect(listCalls(calls)).toBe(1);
    status = 'done';
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(listCalls(calls)).toBe(2));
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(listCalls(calls)).toBe(2);
  });

  it('explains how to create exports when there are none', async () => {
    stubServer(() => []);
    renderPage();
    const empty = await screen.findByTestId('export-empty');
    expect(empty.textContent).toContain('Click "Export"');
  });

  it('downloads under the server file name and deletes after a confirmation', async () => {
    const calls = stubServer(() => [job(1)]);
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('export-download-1'));
    await waitFor(() => expect(saved).toEqual(['报警.xlsx']));
    click.mockRestore();

    fireEvent.click(screen.getByTestId('export-delete-1'));
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary');
      if (!button) throw new Error('no confirmation yet');
      return button;
    });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname.endsWith('/fileDownload/1'))).toBe(
        true,
      ),
    );
  });
});
