/**
 * What the business feature's tests share (issue 47): a business of two sites; for the account
 * and vendor merge dialogs also a stubbed fetch that records what was sent, the dialog rendered
 * with a fresh query client, the cleanup after each test and the server's plain refusal of a
 * merge. (Each test file still mocks the session itself: vi.mock applies to its own file.)
 */
import { DEFAULT_ROLE_SETTINGS, type Business } from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { toast } from '../../lib/toast-store';

export const BUSINESS: Business = {
  id: 'biz-a',
  owner: 'user-1',
  name: 'Green Builders',
  legal_name: null,
  address: null,
  gstins: [],
  pan: null,
  tan: null,
  logo: null,
  sites: [
    { id: 'site-a', name: 'Green Valley', is_active: true },
    { id: 'site-b', name: 'Lake View', is_active: true },
  ],
  role_settings: DEFAULT_ROLE_SETTINGS,
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
};

interface Sent {
  url: string;
  body: unknown;
}

interface Reply {
  status: number;
  body: unknown;
}

/** Answers every request with `answer(body)`; the returned list fills with what was sent. */
export function stub(answer: (body: { preview?: boolean }) => Reply): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = JSON.parse(String(init?.body ?? '{}')) as { preview?: boolean };
    sent.push({ url, body });
    const reply = answer(body);
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return sent;
}

/** The server refusing the merge: `field` of the body with `code` (a 400 VALIDATION_FAILED). */
export const refusal = (field: string, code: string, message: string): Reply => ({
  status: 400,
  body: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Please check your input',
    data: { [field]: { code, message } },
  },
});

/** Renders `dialog(onOpenChange)` with a query client that does not retry; returns the spy. */
export function renderDialog(dialog: (onOpenChange: (open: boolean) => void) => ReactNode) {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{dialog(onOpenChange)}</QueryClientProvider>);
  return onOpenChange;
}

/** Unmounts, forgets the toasts and the stubbed fetch after each test of the calling file. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    toast.clear();
    vi.unstubAllGlobals();
  });
}
