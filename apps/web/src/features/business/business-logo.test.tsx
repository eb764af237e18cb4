/**
 * The business's logo in Settings → Business (issue 47) against a stubbed API: a GIF or a file
 * over 1 MB is refused before sending; a PNG goes up as multipart PUT …/logo; a set logo is shown
 * from GET …/logo and removed with DELETE …/logo.
 */
import type { Business } from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from '../../lib/toast-store';
import { BusinessLogo } from './business-logo';
import { BUSINESS } from './business-test-kit';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const business = (logo: string | null): Business => ({
  ...BUSINESS,
  logo,
  sites: [{ id: 'site-a', name: 'Tower A', is_active: true }],
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function stubApi(reply: (call: Sent) => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body };
    sent.push(call);
    return Promise.resolve(reply(call));
  });
  return sent;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function show(value: Business) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BusinessLogo business={value} />
    </QueryClientProvider>,
  );
}

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('business-logo-input'), { target: { files: [file] } });

describe('business logo', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:logo' }));
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    cleanup();
    toast.clear();
    vi.unstubAllGlobals();
  });

  it('refuses a GIF and a file over 1 MB, and uploads a PNG', async () => {
    const sent = stubApi(() => json(business('abcdefghijklmno.png')));
    show(business(null));
    expect(screen.getByTestId('business-logo-none').textContent).toContain('No logo');

    choose(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('business-logo-error').textContent).toContain(
      'Choose a PNG or JPEG image',
    );
    choose(new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByTestId('business-logo-error').textContent).toContain(
      'The logo must be 1 MB or smaller',
    );
    expect(sent).toHaveLength(0);

    choose(new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(getToasts().map((one) => one.message)).toContain('Logo saved'));
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url).toContain('/api/businesses/biz-a/logo');
    const form = sent[0]?.body as FormData;
    expect((form.get('file') as File).name).toBe('logo.png');
  });

  it('shows the set logo and removes it', async () => {
    const sent = stubApi((call) =>
      call.method === 'GET'
        ? new Response(new Blob([new Uint8Array(8)], { type: 'image/png' }), {
            status: 200,
            headers: { 'content-type': 'image/png' },
          })
        : json(business(null)),
    );
    show(business('abcdefghijklmno.png'));
    const image = await screen.findByTestId('business-logo-image');
    expect(image.getAttribute('alt')).toBe('Logo of Green Builders');
    expect(screen.getByText('Change logo')).toBeTruthy();

    fireEvent.click(screen.getByTestId('business-logo-remove'));
    await waitFor(() => expect(getToasts().map((one) => one.message)).toContain('Logo removed'));
    expect(sent.map((call) => call.method)).toEqual(['GET', 'DELETE']);
  });
});
