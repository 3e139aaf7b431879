/** Test support of the widget viewer tests (not a test file: vitest collects only *.test.tsx). */
import type { CustomScreenDocument, ScreenWidget } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { ScreenDataSource } from '../api/custom-screens';

/** A 1920x1080 dark screen holding `widgets`, bottom first. */
export function screenDoc(
  widgets: ScreenWidget[],
  canvas: Partial<CustomScreenDocument['canvas']> = {},
): CustomScreenDocument {
  return {
    schemaVersion: 1,
    canvas: {
      w: 1920,
      h: 1080,
      background: '#000000',
      backgroundImage: null,
      backgroundFit: 'cover',
      theme: 'dark',
      timeZone: null,
      ...canvas,
    },
    widgets: Object.fromEntries(widgets.map((w) => [w.id, w])),
    order: widgets.map((w) => w.id),
  };
}

/**
 * Answers every API call with `dataFor(pathname)` in a code-0 envelope. The returned list records
 * each call's path and query, in order.
 */
export function stubScreenApi(dataFor: (pathname: string) => unknown): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(`${url.pathname}${url.search}`);
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: dataFor(url.pathname) }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

type Viewer = ComponentType<{ doc: CustomScreenDocument; source: ScreenDataSource; live: boolean }>;

/** The viewer (imported by the test after its mocks) with a fresh query client, no retries. */
export function renderViewer(
  ScreenViewer: Viewer,
  doc: CustomScreenDocument,
  source: ScreenDataSource,
  live: boolean,
) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ScreenViewer doc={doc} source={source} live={live} />
    </QueryClientProvider>,
  );
}
