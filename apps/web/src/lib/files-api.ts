/**
 * Record files (API.md "Files"): upload to
 * `POST /api/sites/{siteId}/{deliveries|service_bookings|vendor_returns|vendors|material_requests}/{id}/files`
 * (multipart, field `file`) → `{ file, files }`; read with `GET /api/files/{siteId}/{name}` (with the session, through apiBlob).
 *
 *   await uploadRecordFile(siteId, 'deliveries', id, file, (fraction) => …)  // one file, with progress
 *   const blob = useFileBlob(name)     // the image as a Blob (cached), for <AuthImage>
 *   const remove = useDeleteRecordFile('deliveries', id); remove.mutate(name)  // → { files }
 *
 * Errors are ApiError: 413 FILE_TOO_LARGE, 415 INVALID_FILE_TYPE carry the server's message.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  api,
  apiBlob,
  CHANGED_HEADER,
  NETWORK_ERROR,
  parseApiError,
  reportSiteChanges,
  requestHeaders,
  type WriteToken,
} from './api-client';
import { i18n } from './i18n';
import { queryKeys } from './query-keys';
import { invalidateRecords, recordsPath, useSiteId } from './site-records';

import type { FileCollection } from '@siteledger/domain';

export type { FileCollection };

export interface UploadResult {
  /** Name of the last added file. */
  file: string;
  /** All file names of the record after the upload. */
  files: string[];
}

export function fileUrl(siteId: string, name: string): string {
  return `/api/files/${encodeURIComponent(siteId)}/${encodeURIComponent(name)}`;
}

/** An upload's error answer; a bare 413 (from a proxy, not JSON) still says the file is too big. */
function uploadError(status: number, text: string, contentType: string | null): ApiError {
  const error = parseApiError(status, text, contentType);
  if (status === 413 && error.code === 'UNKNOWN') {
    return new ApiError(413, 'FILE_TOO_LARGE', i18n.t('kit.files.tooLarge'));
  }
  return error;
}

/**
 * Uploads one file (XHR for progress: `onProgress` gets 0…1). `write` stands for the upload: its
 * answer's changes are marked on it (lib/write-effects.ts), for the refresh that follows it.
 */
export function uploadRecordFile(
  siteId: string,
  collection: FileCollection,
  id: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  write?: WriteToken,
  idempotencyKey?: string,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', recordsPath(siteId, collection, id, 'files'));
    // XHR rather than apiRequest: fetch cannot report upload progress. Same headers, same errors.
    for (const [header, value] of Object.entries(requestHeaders('POST'))) {
      xhr.setRequestHeader(header, value);
    }
    // A queued photo sent again after a lost answer is added once.
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 400) {
        reject(uploadError(xhr.status, xhr.responseText, xhr.getResponseHeader('content-type')));
        return;
      }
      // What the upload changed (the record's files) refreshes like any write's answer.
      reportSiteChanges(siteId, xhr.getResponseHeader(CHANGED_HEADER), write);
      try {
        resolve(JSON.parse(xhr.responseText) as UploadResult);
      } catch {
        reject(new ApiError(xhr.status, 'UNKNOWN', i18n.t('errors.generic')));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, i18n.t('errors.network')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/** A site file as a Blob, fetched with the session cookie; cached for 5 minutes. */
export function useFileBlob(name: string | null | undefined) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.file(siteId, name ?? ''),
    queryFn: ({ signal }) => apiBlob(fileUrl(siteId, name ?? ''), { signal }),
    enabled: Boolean(siteId && name),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 1,
  });
}

/** DELETE …/{collection}/{id}/files/{name} → the record's remaining files; refreshes the record. */
export function useDeleteRecordFile(collection: FileCollection, id: string) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string, write) =>
      api.delete<{ files: string[] }>(
        recordsPath(siteId, collection, id, `files/${encodeURIComponent(name)}`),
        { write },
      ),
    onSuccess: (_files, _name, _context, write) =>
      invalidateRecords(queryClient, siteId, [collection], write),
  });
}

/** Re-exported for callers that upload several files in one request. */
export const postFiles = (siteId: string, collection: FileCollection, id: string, form: FormData) =>
  api.post<UploadResult>(recordsPath(siteId, collection, id, 'files'), form);
