import type { Readable } from 'node:stream';

/** A file answer: the route sends `body` with these headers. */
export interface Download {
  contentType: string;
  disposition: string;
  body: Readable;
  /** Called once the whole body was sent (not when the client went away half-way). */
  onSent?: () => Promise<void>;
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  tally: 'application/xml; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const EXTENSIONS = { csv: 'csv', pdf: 'pdf', tally: 'xml', xlsx: 'xlsx' } as const;

/** Letters, digits and dashes only: what every browser and OS accepts in `filename="…"`. */
function asciiSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** The name as typed (Hindi too), minus what file systems refuse or headers cannot carry. */
function unicodeSlug(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80)
  );
}

/**
 * "vendor-ledger-<name>-<date>.<ext>" as an ASCII fallback plus the UTF-8 original (RFC 6266 with
 * RFC 5987 `filename*`), so a Hindi vendor name survives in browsers that read `filename*`.
 */
export function contentDisposition(
  prefix: string,
  name: string,
  suffix: string,
  extension: string,
  fallbackName: string,
): string {
  const ascii = `${prefix}-${asciiSlug(name) || fallbackName}-${suffix}.${extension}`;
  const full = `${prefix}-${unicodeSlug(name) || fallbackName}-${suffix}.${extension}`;
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The part of the file name that says which dates it covers. */
export function rangeSuffix(from: string | undefined, to: string | undefined, today: string) {
  if (!from && !to) return today;
  return `${from ?? 'start'}_${to ?? today}`;
}

/** A file in one of the export formats: its content type and "<prefix>-<name>-<suffix>.<ext>". */
export function formatDownload(
  format: keyof typeof CONTENT_TYPES,
  file: { prefix: string; name: string; suffix: string; fallbackName: string },
  body: Readable,
): Download {
  return {
    contentType: CONTENT_TYPES[format],
    disposition: contentDisposition(
      file.prefix,
      file.name,
      file.suffix,
      EXTENSIONS[format],
      file.fallbackName,
    ),
    body,
  };
}
