import type { CustomScreenRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { ShareCell } from './ShareCell';

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCD';

const row = (extra: Partial<CustomScreenRow> = {}): CustomScreenRow => ({
  id: 7,
  name: 'Boiler room',
  owner_user_id: 1,
  version: 2,
  published: false,
  shared: false,
  shared_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

let calls: string[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${new URL(input, 'http://x').pathname}`);
    const data =
      method === 'POST'
        ? { share_token: TOKEN, shared_at: '2026-01-02T00:00:00.000Z' }
        : { share_token: null, shared_at: null };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

const show = (r: CustomScreenRow, mayWrite = true) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ShareCell row={r} mayWrite={mayWrite} />
      </App>
    </QueryClientProvider>,
  );

describe('the external link of a screen in the list', () => {
  it('shows the new link’s full URL once, with a copy button and the note that it is shown only now', async () => {
    show(row());
    fireEvent.click(screen.getByTestId('cs-share-7'));
    const url = await screen.findByTestId('cs-share-url');
    expect(calls).toEqual(['POST /api/v1/custom-screen/7/share']);
    expect((url as HTMLInputElement).value).toBe(`${window.location.origin}/share/screen/${TOKEN}`);
    expect(screen.getByTestId('cs-share-link').getAttribute('href')).toBe(
      `${window.location.origin}/share/screen/${TOKEN}`,
    );
    expect(screen.getByTestId('cs-share-once').textContent).toContain('shown only this once');
    expect(screen.getByTestId('cs-share-copy')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cs-share-done'));
    // Closed, the token is nowhere on the page any more.
    await waitFor(() => expect(screen.queryByTestId('cs-share-url')).toBeNull());
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('a shared screen says since when, and offers a new link (shown once) and revoking, never the old URL', async () => {
    show(row({ shared: true, shared_at: '2026-01-02T03:04:05.000Z' }));
    expect(screen.getByTestId('cs-share-since-7').textContent).toMatch(/^Link made 2026-01-0\d /);
    expect(document.querySelector('a[href*="/share/screen/"]')).toBeNull();
    fireEvent.click(screen.getByTestId('cs-share-renew-7'));
    fireEvent.click(await screen.findByText('OK'));
    const url = await screen.findByTestId('cs-share-url');
    expect((url as HTMLInputElement).value).toContain(TOKEN);
    expect(calls).toEqual(['POST /api/v1/custom-screen/7/share']);
    fireEvent.click(screen.getByTestId('cs-share-done'));
    await waitFor(() => expect(screen.queryByTestId('cs-share-url')).toBeNull());
    fireEvent.click(screen.getByTestId('cs-share-revoke-7'));
    const confirms = await screen.findAllByText('OK');
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/custom-screen/7/share'));
  });

  it('a reader without the edit permission sees whether a link is out, with nothing to change', () => {
    show(row({ shared: true, shared_at: '2026-01-02T03:04:05.000Z' }), false);
    expect(screen.getByTestId('cs-share-since-7')).toBeTruthy();
    expect(screen.queryByTestId('cs-share-renew-7')).toBeNull();
    expect(screen.queryByTestId('cs-share-revoke-7')).toBeNull();
  });
});
