/**
 * Switching the app's language: signed in, the server is told (PATCH /api/me/notices, so the
 * notices follow) and the cached notices take its answer; signed out, nothing is sent; a failed
 * save is silent.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChooseLanguage } from './choose-language';
import type * as I18n from './i18n';
import { queryKeys } from './query-keys';
import type { SessionStatus } from './session';

const state = vi.hoisted(() => ({ status: 'signed-in' as SessionStatus, chosen: [] as string[] }));
vi.mock('./session', () => ({ useSession: () => ({ status: state.status }) }));
vi.mock('./i18n', async (original) => ({
  ...(await original<typeof I18n>()),
  changeLanguage: (language: string) => {
    state.chosen.push(language);
    return Promise.resolve();
  },
}));

function stub(status: number) {
  const patches: unknown[] = [];
  vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
    patches.push({ method: init?.method, body: JSON.parse(String(init?.body)) });
    return Promise.resolve(
      new Response(JSON.stringify(status < 300 ? { language: 'hi' } : { code: 'INTERNAL' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return patches;
}

function hook() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, choose: renderHook(() => useChooseLanguage(), { wrapper }).result };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  state.chosen = [];
});

describe('useChooseLanguage', () => {
  it('signed in: switches the app and tells the server, whose answer the notices take', async () => {
    state.status = 'signed-in';
    const patches = stub(200);
    const { client, choose } = hook();
    act(() => choose.current('hi'));
    expect(state.chosen).toEqual(['hi']);
    await waitFor(() => expect(client.getQueryData(queryKeys.notices)).toEqual({ language: 'hi' }));
    expect(patches).toEqual([{ method: 'PATCH', body: { language: 'hi' } }]);
  });

  it('signed out: switches the app only', () => {
    state.status = 'signed-out';
    const patches = stub(200);
    const { choose } = hook();
    act(() => choose.current('hi'));
    expect(state.chosen).toEqual(['hi']);
    expect(patches).toEqual([]);
  });

  it('a failed save is silent: the app keeps its new language, nothing is cached', async () => {
    state.status = 'signed-in';
    const patches = stub(500);
    const { client, choose } = hook();
    act(() => choose.current('hi'));
    await waitFor(() => expect(patches).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.chosen).toEqual(['hi']);
    expect(client.getQueryData(queryKeys.notices)).toBeUndefined();
  });
});
