/**
 * Files the server makes for download (vendor exports, account statements). They need the session,
 * so they are fetched through the API client (apiFile) as a Blob and handed to the browser through
 * an object URL.
 *
 *   const file = await fetchDownload(`/api/sites/${siteId}/vendors/${id}/export`, { format: 'csv' });
 *   saveFile(file)                                   // <a download> with the server's file name
 *   await shareOrSave(file, { title, text })         // Web Share with files on phones, else save
 *
 * Errors are ApiError carrying the server's message (e.g. 403 PERMISSION_DENIED).
 */
import { apiFile } from './api-client';

/**
 * The file name from a Content-Disposition header: the UTF-8 `filename*` (RFC 5987) when present
 * and readable, else the quoted or bare `filename`; null without one.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star?.[1]) {
    const value = star[1].trim().replace(/^"(.*)"$/, '$1');
    const encoded = /^[\w!#$&+.^`|~-]*'[^']*'(.*)$/.exec(value)?.[1];
    if (encoded !== undefined) {
      try {
        const decoded = decodeURIComponent(encoded);
        if (decoded) return cleanName(decoded);
      } catch {
        // Malformed escapes: use the plain filename below.
      }
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '');
  return cleanName(name.trim()) || null;
}

/** No folders: a name is only ever the last path segment. */
function cleanName(name: string): string {
  return name.split(/[/\\]/).pop() ?? '';
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

type Query = Record<string, string | undefined>;

/** GET a file (the session cookie goes with it); `fallbackName` when the server names none. */
export async function fetchDownload(
  path: string,
  query: Query,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const response = await apiFile(path, { query, ...(signal ? { signal } : {}) });
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob, filename };
}

/** Hands the file to the browser's downloads. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** True when this browser can put files into the system share sheet (phones, some desktops). */
export function canShareFiles(sample?: File): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  const file = sample ?? new File(['%PDF-'], 'statement.pdf', { type: 'application/pdf' });
  try {
    return navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

export type ShareOutcome = 'shared' | 'saved' | 'cancelled';

/**
 * Opens the share sheet with the file (so a statement reaches WhatsApp in two taps); saves it as a
 * download where files cannot be shared. Closing the sheet is not an error.
 */
export async function shareOrSave(
  file: DownloadedFile,
  message: { title: string; text: string },
): Promise<ShareOutcome> {
  const shared = new File([file.blob], file.filename, {
    type: file.blob.type || 'application/octet-stream',
  });
  if (canShareFiles(shared)) {
    try {
      await navigator.share({ files: [shared], title: message.title, text: message.text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError (no user activation left after the fetch) and the like: save instead.
    }
  }
  saveFile(file);
  return 'saved';
}
