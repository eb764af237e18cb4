import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_HEADER } from './api-client';
import { sendFormPhotos } from './queued-photos';
import { uploadFormPhotos } from './use-form-photos';
import { keepWritesFresh, refreshSiteCollections } from './write-effects';

/** An upload's XHR that answers 201 with the record's files and what the upload changed. */
class FakeUpload {
  static changed = 'deliveries';
  static sent = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  getResponseHeader(name: string): string | null {
    if (name === CHANGED_HEADER) return FakeUpload.changed;
    return name === 'content-type' ? 'application/json' : null;
  }
  send() {
    FakeUpload.sent += 1;
    this.status = 201;
    this.responseText = JSON.stringify({ file: `p${FakeUpload.sent}.jpg`, files: ['p1.jpg'] });
    queueMicrotask(() => this.onload?.());
  }
}

/** Issue 41: photos uploaded after a create carry a write token, as every other write does. */
describe("a form's photos after the save", () => {
  let queryClient: QueryClient;
  let refreshed: string[];
  let stop: () => void;
  const owner = { siteId: 'site-1', collection: 'deliveries' as const, userId: 'u1' };
  const photo = () => new File(['x'], 'bill.jpg', { type: 'image/jpeg' });
  const taken = () => refreshed.splice(0);

  beforeEach(() => {
    FakeUpload.sent = 0;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    queryClient = new QueryClient();
    refreshed = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
      const key: QueryKey = filters?.queryKey ?? [];
      refreshed.push(String(key[2] ?? key[0]));
      return Promise.resolve();
    });
    stop = keepWritesFresh(queryClient);
  });

  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('marks what the uploads refreshed on their token', async () => {
    const write = {};
    expect(await sendFormPhotos(owner, 'd1', [photo(), photo()], write)).toEqual(['p1.jpg']);
    expect(taken()).toEqual(['dashboard', 'deliveries', 'dashboard', 'deliveries']);
    await refreshSiteCollections(queryClient, 'site-1', ['deliveries'], write);
    expect(taken()).toEqual([]);
  });

  it("refreshes the record's collection once: its refresh leaves what the answers refreshed", async () => {
    FakeUpload.changed = 'deliveries,items';
    expect(await uploadFormPhotos(queryClient, owner, 'd1', [photo()])).toEqual(['p1.jpg']);
    expect(taken()).toEqual(['dashboard', 'deliveries', 'items']);
    FakeUpload.changed = 'deliveries';
  });

  it('refreshes nothing when no photo went up', async () => {
    expect(await uploadFormPhotos(queryClient, owner, 'd1', [])).toBeNull();
    expect(taken()).toEqual([]);
  });
});
