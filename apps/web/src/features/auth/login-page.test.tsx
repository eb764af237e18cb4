import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
import { ThemeProvider } from '../../lib/theme';
import { LoginPage } from './login-page';

/**
 * The sign-in form's own checks, rendered in happy-dom (this was an e2e step in
 * e2e/auth-flow.e2e.ts): it refuses an empty or malformed form without asking the server, focuses
 * the first field in error, and its messages follow what is typed once it was sent.
 */
describe('sign-in form in the page', () => {
  const requests: string[] = [];

  beforeEach(() => {
    requests.length = 0;
    localStorage.clear();
    // Only the public configuration may be read: a sign-in request would fail the test.
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      requests.push(url);
      const body = url.includes('/api/config') ? { turnstile_site_key: null } : {};
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderLogin() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/login']}>
            <SessionProvider>
              <LoginPage />
            </SessionProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    );
  }

  it('names the empty fields, focuses the first, and sends nothing', async () => {
    renderLogin();
    fireEvent.click(await screen.findByTestId('login-submit'));
    await screen.findByText('Email is required');
    screen.getByText('Password is required');
    expect(document.activeElement?.getAttribute('name')).toBe('email');
    expect(requests.filter((url) => url.includes('/api/auth/'))).toEqual([]);
  });

  it('follows what is typed once sent, and still sends nothing for a malformed address', async () => {
    renderLogin();
    fireEvent.click(await screen.findByTestId('login-submit'));
    await screen.findByText('Email is required');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    await screen.findByText('Enter a valid email address');
    expect(screen.queryByText('Email is required')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    expect(screen.queryByText('Password is required')).toBeNull();
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByText('Enter a valid email address');
    expect(document.activeElement?.getAttribute('name')).toBe('email');
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(requests.filter((url) => url.includes('/api/auth/'))).toEqual([]);
  });
});
