/**
 * Record files (API.md "Files"): upload to
 * `POST /api/sites/{siteId}/{deliveries|service_bookings|vendor_returns|vendors}/{id}/files`
 * (multipart, field `file`) → `{ file, files }`; read with `GET /api/files/{siteId}/{name}` (bearer).
 *
 *   await uploadRecordFile(siteId, 'deliveries', id, file, (fraction) => …)  // one file, with progress
 *   const blob = useFileBlob(name)     // the image as a Blob (cached), for <AuthImage>
 *   const remove = useDeleteRecordFile('deliveries', id); remove.mutate(name)  // → { files }
 *
 * Errors are ApiError: 413 FILE_TOO_LARGE, 415 INVALID_FILE_TYPE carry the server's message.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NETWORK_ERROR, sessionHeaders } from './api-client';
import { currentLanguage, i18n } from './i18n';
import { queryKeys } from './query-keys';
import { invalidateRecords, recordsPath, useSiteId } from './site-records';

export type FileCollection = 'deliveries' | 'service_bookings' | 'vendor_returns' | 'vendors';

export interface UploadResult {
  /** Name of the last added file. */
  file: string;
  /** All file names of the record after the upload. */
  files: string[];
}

export function fileUrl(siteId: string, name: string): string {
  return `/api/files/${encodeURIComponent(siteId)}/${encodeURIComponent(name)}`;
}

function parseError(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof body.code === 'string') {
      const data =
        typeof body.data === 'object' && body.data !== null
          ? (body.data as Record<string, unknown>)
          : {};
      const message =
        typeof body.message === 'string' && body.message ? body.message : i18n.t('errors.generic');
      return new ApiError(status, body.code, message, data);
    }
  } catch {
    // Not JSON: fall through.
  }
  if (status === 413) return new ApiError(413, 'FILE_TOO_LARGE', i18n.t('kit.files.tooLarge'));
  return new ApiError(
    status,
    'UNKNOWN',
    i18n.t(status >= 500 ? 'errors.server' : 'errors.generic'),
  );
}

/** Uploads one file (XHR for progress: `onProgress` gets 0…1). */
export function uploadRecordFile(
  siteId: string,
  collection: FileCollection,
  id: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', recordsPath(siteId, collection, id, 'files'));
    for (const [header, value] of Object.entries(sessionHeaders('POST'))) {
      xhr.setRequestHeader(header, value);
    }
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 400) {
        reject(parseError(xhr.status, xhr.responseText));
        return;
      }
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
    queryFn: async ({ signal }) => {
      const response = await fetch(fileUrl(siteId, name ?? ''), {
        credentials: 'same-origin',
        signal,
      });
      if (!response.ok) throw parseError(response.status, await response.text());
      return response.blob();
    },
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
    mutationFn: (name: string) =>
      api.delete<{ files: string[] }>(
        recordsPath(siteId, collection, id, `files/${encodeURIComponent(name)}`),
      ),
    onSuccess: () => invalidateRecords(queryClient, siteId, [collection]),
  });
}

/** Re-exported for callers that upload several files in one request. */
export const postFiles = (siteId: string, collection: FileCollection, id: string, form: FormData) =>
  api.post<UploadResult>(recordsPath(siteId, collection, id, 'files'), form);
