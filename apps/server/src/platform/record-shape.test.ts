import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFields, rupees } from './record-shape.js';

/** Every `.ts`/`.tsx` file under `dir` but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('record shaping (issue 41)', () => {
  it('converts stored fields through their registry codecs, in the order asked', () => {
    const row = { unit_price: 12345, quantity: 1500, gst_rate: 1800, total_amount: -5 };
    const shaped = apiFields('delivery_items', row, [
      'quantity',
      'unit_price',
      'gst_rate',
      'total_amount',
    ]);
    expect(shaped).toStrictEqual({
      quantity: 1.5,
      unit_price: 123.45,
      gst_rate: 18,
      total_amount: -0.05,
    });
    expect(Object.keys(shaped)).toEqual(['quantity', 'unit_price', 'gst_rate', 'total_amount']);
    expect(apiFields('delivery_items', { gst_rate: null }, ['gst_rate'])).toEqual({
      gst_rate: null,
    });
  });

  it('refuses a field the registry does not declare as a number', () => {
    expect(() => apiFields('delivery_items', { notes: 'x' }, ['notes'])).toThrow();
    expect(() => apiFields('nowhere', { a: 1 }, ['a'])).toThrow();
  });

  it('turns computed paise figures into rupees, keeping key order', () => {
    const shaped = rupees({ b: 150, a: 2.5, c: -250 });
    expect(shaped).toStrictEqual({ b: 1.5, a: 0.03, c: -2.5 });
    expect(Object.keys(shaped)).toEqual(['b', 'a', 'c']);
  });

  it('keeps hand conversions to rupees at 20 or fewer, server and web app together', () => {
    const server = join(import.meta.dirname, '..');
    const web = join(import.meta.dirname, '../../../web/src');
    const files = [...sources(server), ...sources(web)];
    expect(files.some((file) => file.endsWith('.tsx'))).toBe(true);
    const calls = files.reduce(
      (n, file) => n + (readFileSync(file, 'utf8').match(/toRupees\(/g)?.length ?? 0),
      0,
    );
    expect(calls).toBeLessThanOrEqual(20);
  });
});
