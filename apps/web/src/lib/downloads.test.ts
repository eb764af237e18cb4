import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './downloads';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 filename* so Hindi names survive', () => {
    const header =
      'attachment; filename="vendor-ledger-vendor-2025-06-18.csv"; filename*=UTF-8\'\'vendor-ledger-%E0%A4%B6%E0%A4%B0%E0%A5%8D%E0%A4%AE%E0%A4%BE-2025-06-18.csv';
    expect(filenameFromDisposition(header)).toBe('vendor-ledger-शर्मा-2025-06-18.csv');
  });

  it('reads a quoted or bare filename', () => {
    expect(filenameFromDisposition('attachment; filename="ledger 1.pdf"')).toBe('ledger 1.pdf');
    expect(filenameFromDisposition('attachment; filename=ledger.xml')).toBe('ledger.xml');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('falls back to filename when filename* cannot be decoded', () => {
    expect(
      filenameFromDisposition('attachment; filename="plain.csv"; filename*=UTF-8\'\'bad%E0%A4.csv'),
    ).toBe('plain.csv');
  });

  it('never returns a path, and null without a name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
