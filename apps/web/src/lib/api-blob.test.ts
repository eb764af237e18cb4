import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlob, onUnauthorized, parseApiError, setSignedIn } from './api-client';
import { fetchDownload } from './downloads';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('files through the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSignedIn(false);
    onUnauthorized(() => undefined);
  });

  it('fetches a blob with the session headers and the cookie', async () => {
    const fetchMock = stubFetch(
      new Response('jpeg bytes', { headers: { 'content-type': 'image/jpeg' } }),
    );
    const blob = await apiBlob('/api/files/s1/a.jpg');
    expect(await blob.text()).toBe('jpeg bytes');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/files/s1/a.jpg');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'X-Session': 'cookie', Accept: '*/*' });
    expect(init?.headers).toHaveProperty('Accept-Language');
  });

  it('turns an error answer into the same ApiError as api.*, and a 401 ends the session', async () => {
    stubFetch(
      Response.json(
        { status: 403, code: 'PERMISSION_DENIED', message: 'Permission denied' },
        { status: 403 },
      ),
    );
    await expect(apiBlob('/api/files/s1/a.jpg')).rejects.toMatchObject({
      status: 403,
      code: 'PERMISSION_DENIED',
      message: 'Permission denied',
    });

    const signOut = vi.fn();
    onUnauthorized(signOut);
    setSignedIn(true);
    stubFetch(new Response('', { status: 401 }));
    await expect(apiBlob('/api/files/s1/a.jpg')).rejects.toBeInstanceOf(ApiError);
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('reports no answer as a network error', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiBlob('/api/files/s1/a.jpg')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('downloads with the query and the server-given file name', async () => {
    const fetchMock = stubFetch(
      new Response('a,b', {
        headers: { 'content-disposition': 'attachment; filename="ledger.csv"' },
      }),
    );
    const file = await fetchDownload(
      '/api/sites/s1/vendors/v1/export',
      { format: 'csv', to: undefined },
      'x.csv',
    );
    expect(file.filename).toBe('ledger.csv');
    expect(await file.blob.text()).toBe('a,b');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sites/s1/vendors/v1/export?format=csv');
  });

  it('maps an error read as text (the upload XHR) the same way', () => {
    const json = JSON.stringify({ code: 'INVALID_FILE_TYPE', message: 'Invalid file type' });
    expect(parseApiError(415, json, 'application/json; charset=utf-8')).toMatchObject({
      status: 415,
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type',
    });
    expect(parseApiError(502, '<html>Bad gateway</html>', 'text/html')).toMatchObject({
      status: 502,
      code: 'INTERNAL',
    });
  });
});
