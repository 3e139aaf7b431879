import { type DataPointRow, POINT_DEFAULTS } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteForm } from './WriteControl';

const point = (over: Partial<DataPointRow>): DataPointRow => ({
  ...POINT_DEFAULTS,
  id: 7,
  device_id: 1,
  name: 'setpoint',
  access: 'readwrite',
  ...over,
});

function renderForm(p: DataPointRow) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <WriteForm deviceId={1} point={p} />
      </App>
    </QueryClientProvider>,
  );
}

describe('the Write popover form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['number', point({ data_type: 'float' })],
    ['text', point({ data_type: 'string' })],
  ])('with an empty %s value: Send says what is missing, sends nothing and throws nothing', async (_k, p) => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      renderForm(p);
      if (p.data_type === 'string')
        fireEvent.change(screen.getByTestId('write-input'), { target: { value: '  ' } });
      fireEvent.click(screen.getByTestId('write-send'));
      expect(await screen.findByText(i18n.t('devices.common.required'))).toBeTruthy();
      await new Promise((r) => setTimeout(r, 0));
      expect(fetch).not.toHaveBeenCalled();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      await i18n.changeLanguage('zh');
    }
  });
});
