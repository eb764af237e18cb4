/**
 * "What each role may do" (issue 47) against a stubbed site read and business PATCH: the four
 * switches show the site's role settings, and a switch saves only its own setting.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ROLE_SETTINGS } from '@siteledger/domain';
import { RoleSettingsCard } from './role-settings-card';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

function stub() {
  const patches: unknown[] = [];
  let settings = { ...DEFAULT_ROLE_SETTINGS };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method === 'PATCH') {
      const sent = JSON.parse(String(init?.body)) as { role_settings: typeof settings };
      patches.push({ url, body: sent });
      settings = { ...settings, ...sent.role_settings };
    }
    const body =
      method === 'PATCH'
        ? {
            id: 'biz-a',
            sites: [{ id: 'site-a', name: 'A', is_active: true }],
            role_settings: settings,
          }
        : { id: 'site-a', business: 'biz-a', role_settings: settings };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return patches;
}

describe('role settings card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the settings and saves the one switched', async () => {
    const patches = stub();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <RoleSettingsCard siteId="site-a" />
      </QueryClientProvider>,
    );
    const pay = (await screen.findByTestId('role-setting-accountant_payments')) as HTMLInputElement;
    const balances = screen.getByTestId('role-setting-supervisor_balances') as HTMLInputElement;
    expect(pay.checked).toBe(false);
    expect(balances.checked).toBe(true);
    expect(screen.getByText('What each role may do')).toBeTruthy();
    fireEvent.click(pay);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      url: expect.stringContaining('/api/businesses/biz-a'),
      body: { role_settings: { accountant_payments: true } },
    });
    await waitFor(() => expect(pay.checked).toBe(true));
  });
});
