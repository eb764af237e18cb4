/**
 * What the browser checks before an upload (the server checks again, by content): the kind of a
 * file by its first bytes, whether the collection takes it, and the size limit (GET /api/config
 * `max_upload_mb`). Mirrors apps/server/src/platform/files.ts `sniffFileKind`.
 */
import { PDF_COLLECTIONS, type FileCollection } from '@siteledger/domain';

export type UploadKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

/** Bytes read from the start of a file to tell its kind. */
export const SNIFF_BYTES = 16;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis'];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The kind of a file by its first bytes (never by its name or declared type); null if unknown. */
export function sniffUploadKind(head: Uint8Array): UploadKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIC_BRANDS.includes(ascii(head, 8, 12)))
    return 'heic';
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

export async function readUploadKind(file: Blob): Promise<UploadKind | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffUploadKind(head);
}

/** Vendors keep PDFs (bills, certificates); every other collection takes photos only. */
export function acceptsPdf(collection: FileCollection): boolean {
  return PDF_COLLECTIONS.includes(collection);
}

/** The file picker's filter: PDFs are offered everywhere (converted to photos where needed). */
export const UPLOAD_ACCEPT =
  'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf,.pdf';

/** Images the browser can decode and downscale (HEIC cannot be drawn by Chromium: sent as is). */
export function isResizable(kind: UploadKind): kind is 'jpeg' | 'png' | 'webp' {
  return kind === 'jpeg' || kind === 'png' || kind === 'webp';
}

/** True when the file is above the server's limit (in MB of 1024 × 1024 bytes, as the server counts). */
export function isTooLarge(size: number, maxMb: number): boolean {
  return maxMb > 0 && size > maxMb * 1024 * 1024;
}
