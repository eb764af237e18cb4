import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPdf } from './pdf-canvas.js';
import { drawLogo, isDrawablePng, LOGO_BOX } from './pdf-logo.js';

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  // png-js and the check here read no CRC.
  return Buffer.concat([head, body, Buffer.alloc(4)]);
}

/** A grey PNG `width` × `height` (8-bit grey + alpha), each row with `filter`. */
function png(width: number, height: number, { filter = 0, interlaced = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 4, 0, 0, interlaced ? 1 : 0], 8);
  const rows: number[] = [];
  const passes = interlaced
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0) continue;
    for (let y = 0; y < h; y++) rows.push(filter, ...Array<number>(w * 2).fill(128));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the logo on a PDF', () => {
  it('knows a PNG pdfkit can decode from one whose rows it would choke on', () => {
    expect(isDrawablePng(png(20, 10))).toBe(true);
    expect(isDrawablePng(png(20, 10, { interlaced: true }))).toBe(true);
    expect(isDrawablePng(png(20, 10, { filter: 9 }))).toBe(false);
    expect(isDrawablePng(png(20, 10).subarray(0, 40))).toBe(false);
    expect(isDrawablePng(Buffer.from('GIF89a'))).toBe(false);
  });

  it('is fitted into the box, and left out when it cannot be read', () => {
    const doc = createPdf('t', 's');
    // 200 × 20: as wide as the box allows; 20 × 20: as tall.
    expect(drawLogo(doc, png(200, 20), 40, 40)).toBeCloseTo(LOGO_BOX.width);
    expect(drawLogo(doc, png(20, 20), 40, 40)).toBeCloseTo(LOGO_BOX.height);
    expect(drawLogo(doc, png(20, 10, { filter: 9 }), 40, 40)).toBe(0);
    expect(drawLogo(doc, Buffer.from([0xff, 0xd8, 0xff, 0x00]), 40, 40)).toBe(0);
    expect(drawLogo(doc, null, 40, 40)).toBe(0);
    doc.end();
  });
});
