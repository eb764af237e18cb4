import { describe, expect, it } from 'vitest';
import { acceptsPdf, isResizable, isTooLarge, sniffUploadKind } from './upload-checks';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffUploadKind', () => {
  it('knows each accepted kind by its first bytes', () => {
    expect(sniffUploadKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffUploadKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffUploadKind(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniffUploadKind(bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0))).toBe('heic');
    expect(sniffUploadKind(bytes(0, 0, 0, 0x18, 'ftypmif1', 0, 0, 0, 0))).toBe('heic');
    expect(sniffUploadKind(bytes('%PDF-1.7\n'))).toBe('pdf');
  });

  it('refuses anything else, whatever its name says (a renamed .exe)', () => {
    expect(sniffUploadKind(bytes('MZ', 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0))).toBeNull();
    expect(sniffUploadKind(bytes(0, 0, 0, 0x18, 'ftypmp42', 0, 0, 0, 0))).toBeNull();
    expect(sniffUploadKind(bytes('GIF89a'))).toBeNull();
    expect(sniffUploadKind(new Uint8Array())).toBeNull();
  });
});

describe('upload rules', () => {
  it('takes PDFs only for vendors', () => {
    expect(acceptsPdf('vendors')).toBe(true);
    expect(acceptsPdf('deliveries')).toBe(false);
    expect(acceptsPdf('service_bookings')).toBe(false);
    expect(acceptsPdf('vendor_returns')).toBe(false);
  });

  it('downscales what the browser can draw, not HEIC or PDF', () => {
    expect(isResizable('jpeg')).toBe(true);
    expect(isResizable('webp')).toBe(true);
    expect(isResizable('heic')).toBe(false);
    expect(isResizable('pdf')).toBe(false);
  });

  it('counts the limit in MiB like the server', () => {
    expect(isTooLarge(10 * 1024 * 1024, 10)).toBe(false);
    expect(isTooLarge(10 * 1024 * 1024 + 1, 10)).toBe(true);
  });
});
