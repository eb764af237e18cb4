/**
 * The Settings "Notices" card (issue 47) against a stubbed GET/PATCH /api/me/notices: a row per
 * kind with its Mail switch, WhatsApp only where the server sends it and the profile has a phone,
 * a switch saving its kind at once, the bill amount saved in rupees, and the language notices
 * come in (brought over to the app's with one tap when the two differ).
 */
import { NOTICE_KINDS, type NoticePreferences } from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticesCard } from './notices-card';

function answer(over: Partial<NoticePreferences> = {}): NoticePreferences {
  return {
    items: NOTICE_KINDS.map((kind) => ({
      kind,
      mail: true,
      whatsapp: false,
      amount: kind === 'bill_over_amount' ? 50000 : null,
    })),
    whatsapp_available: true,
    has_phone: true,
    language: null,
    ...over,
  };
}

/** Answers GET with `prefs` and records each PATCH body. */
function stub(prefs: NoticePreferences) {
  const patches: unknown[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method === 'PATCH') patches.push(JSON.parse(String(init?.body)));
    return Promise.resolve(
      new Response(JSON.stringify(prefs), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return patches;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NoticesCard />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NoticesCard', () => {
  it('lists every kind with Mail and WhatsApp; a switch saves its kind', async () => {
    const patches = stub(answer());
    show();
    expect(await screen.findByText('Material request submitted')).toBeTruthy();
    for (const kind of NOTICE_KINDS) {
      expect(screen.getByTestId(`notices-${kind}-mail`)).toBeTruthy();
      expect(screen.getByTestId(`notices-${kind}-whatsapp`)).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('notices-po_issued-whatsapp'));
    await waitFor(() =>
      expect(patches).toEqual([{ items: [{ kind: 'po_issued', whatsapp: true }] }]),
    );
  });

  it('offers no WhatsApp without a phone, and says why', async () => {
    stub(answer({ has_phone: false }));
    show();
    expect(await screen.findByTestId('notices-no-phone')).toBeTruthy();
    expect(screen.queryByTestId('notices-po_issued-whatsapp')).toBeNull();
  });

  it('saves the bill amount in rupees and refuses a bad one', async () => {
    const patches = stub(answer());
    show();
    const field = await screen.findByTestId('notices-amount');
    fireEvent.change(field, { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('notices-amount-save'));
    expect(await screen.findByText('Use at most 2 decimal places')).toBeTruthy();
    fireEvent.change(field, { target: { value: '100000' } });
    fireEvent.click(screen.getByTestId('notices-amount-save'));
    await waitFor(() =>
      expect(patches).toEqual([{ items: [{ kind: 'bill_over_amount', amount: 100000 }] }]),
    );
  });

  it("says the notices' language; when it is not the app's, one tap brings it over", async () => {
    const patches = stub(answer({ language: 'hi' }));
    show();
    expect((await screen.findByTestId('notices-language')).textContent).toContain(
      'Notices come in हिन्दी.',
    );
    fireEvent.click(screen.getByTestId('notices-language-use'));
    await waitFor(() => expect(patches).toEqual([{ language: 'en' }]));
  });

  it('offers nothing to bring over when never chosen and the app is in English', async () => {
    stub(answer());
    show();
    expect((await screen.findByTestId('notices-language')).textContent).toContain(
      'Notices come in English.',
    );
    expect(screen.queryByTestId('notices-language-use')).toBeNull();
  });
});
