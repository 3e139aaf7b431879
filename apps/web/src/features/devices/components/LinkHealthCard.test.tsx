import type { DeviceCounters } from '@fleet/contracts';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkHealthCard } from './LinkHealthCard';

const none: DeviceCounters = {
  malformed: 0,
  exceptions: 0,
  timeouts: 0,
  last_malformed_at: null,
  last_exception_at: null,
  last_timeout_at: null,
};
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('LinkHealthCard', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh');
  });

  it('says no problems were recorded when every count is zero', async () => {
    await i18n.changeLanguage('en');
    render(<LinkHealthCard counters={none} />);
    expect(screen.getByText('Link health')).toBeTruthy();
    expect(screen.getByTestId('link-health-empty').textContent).toBe('No problems recorded');
    expect(screen.queryByTestId('link-health-malformed')).toBeNull();
  });

  it('shows the three counts with the last times in English', async () => {
    await i18n.changeLanguage('en');
    render(
      <LinkHealthCard
        counters={{
          ...none,
          malformed: 3,
          timeouts: 7,
          last_malformed_at: minutesAgo(5),
          last_timeout_at: minutesAgo(120),
        }}
      />,
    );
    expect(screen.getByText('Malformed frames (dropped)')).toBeTruthy();
    expect(screen.getByTestId('link-health-malformed').textContent).toMatch(/^3 · 5 min/);
    expect(screen.getByTestId('link-health-timeouts').textContent).toMatch(/^7 · 2 h/);
    expect(screen.getByTestId('link-health-exceptions').textContent).toBe('0 · never');
    expect(screen.queryByTestId('link-health-empty')).toBeNull();
  });

  it('renders in Chinese', async () => {
    await i18n.changeLanguage('zh');
    render(<LinkHealthCard counters={{ ...none, exceptions: 2, last_exception_at: minutesAgo(0) }} />);
    expect(screen.getByText('链路健康')).toBeTruthy();
    expect(screen.getByText('Modbus 异常应答')).toBeTruthy();
    expect(screen.getByTestId('link-health-exceptions').textContent).toMatch(/^2 · /);
    expect(screen.getByTestId('link-health-timeouts').textContent).toBe('0 · 从未发生');
  });

  it('says no problems were recorded in Chinese', async () => {
    await i18n.changeLanguage('zh');
    render(<LinkHealthCard counters={none} />);
    expect(screen.getByTestId('link-health-empty').textContent).toBe('未记录到任何问题');
  });
});
