import type { EnforcementVerifyAnswer } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { clearSession } from '../../../shared/session/token';
import { EnforcementChainStatus, EnforcementVerifyResult } from './EnforcementChainStatus';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const answer = (extra: Partial<EnforcementVerifyAnswer>): EnforcementVerifyAnswer => ({
  intact: true,
  chains: 1,
  checked: 3,
  total: 3,
  broken: null,
  head_hash: 'a'.repeat(64),
  verified_at: '2026-11-27T10:00:00.000Z',
  ...extra,
});

function Both() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <EnforcementChainStatus onVerify={() => setShown(true)} />
      <EnforcementVerifyResult shown={shown} />
    </>
  );
}

describe('EnforcementChainStatus', () => {
  beforeEach(() => {
    clearSession();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the chain state on open, and the result in words only after Verify (which asks again)', async () => {
    const answers = [
      answer({}),
      answer({
        intact: false,
        checked: 2,
        broken: { owner_user_id: 5, id: 41, seq: 2, reason: 'broken_link', expected_seq: 2 },
      }),
    ];
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      urls.push(String(input));
      return json(answers[Math.min(urls.length - 1, 1)]);
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Both />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('enforcement-chain-badge').getAttribute('data-state')).toBe('intact'),
    );
    expect(screen.queryByTestId('enforcement-verify-result')).toBeNull();
    fireEvent.click(screen.getByTestId('enforcement-verify'));
    await waitFor(() =>
      expect(screen.getByTestId('enforcement-verify-result').getAttribute('data-state')).toBe('broken'),
    );
    expect(screen.getByTestId('enforcement-chain-badge').getAttribute('data-state')).toBe('broken');
    expect(urls).toEqual([
      '/api/v1/maintenance/enforcement/verify',
      '/api/v1/maintenance/enforcement/verify',
    ]);
  });
});
