/**
 * A business's logo on a document's first heading (issue 47). A logo that cannot be drawn is left
 * out: a PDF is never refused for its logo.
 */
import { inflateSync } from 'node:zlib';

type Doc = PDFKit.PDFDocument;

/** How tall a logo is drawn, and how wide it may be at most (a wide wordmark). */
export const LOGO_BOX = { width: 110, height: 40 };
/** Between the logo and the title beside it. */
export const LOGO_GAP = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Whether pdfkit can decode the PNG's pixels. pdfkit (png-js) inflates them in a callback, where
 * a corrupt stream or an unknown row filter would throw out of every try — so the PDF would take
 * the server with it. The same walk over the rows, done here first, where it can be caught.
 */
export function isDrawablePng(data: Buffer): boolean {
  try {
    if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
    let pos = 8;
    let header: Buffer | null = null;
    const idat: Buffer[] = [];
    while (pos + 8 <= data.length) {
      const length = data.readUInt32BE(pos);
      const type = data.toString('ascii', pos + 4, pos + 8);
      const body = data.subarray(pos + 8, pos + 8 + length);
      if (body.length !== length) return false;
      if (type === 'IHDR') header = body;
      if (type === 'IDAT') idat.push(body);
      if (type === 'IEND') break;
      pos += 12 + length;
    }
    if (!header || header.length < 13 || idat.length === 0) return false;
    const width = header.readUInt32BE(0);
    const height = header.readUInt32BE(4);
    const channels = PNG_CHANNELS[header[9] ?? -1];
    if (!width || !height || !channels || width * height > 25_000_000) return false;
    const bits = channels * (header[8] ?? 0);
    const pixels = inflateSync(Buffer.concat(idat));
    let at = 0;
    const passes = header[12] === 1 ? ADAM7 : ([[0, 0, 1, 1]] as const);
    for (const [x0, y0, dx, dy] of passes) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      const scanline = Math.ceil((w * bits) / 8);
      for (let row = 0; row < h && at < pixels.length; row++) {
        if ((pixels[at] ?? 0) > 4) return false;
        at += 1 + scanline;
      }
    }
    return true;
  } catch {
    return false;
  }
}

interface OpenedImage {
  width: number;
  height: number;
  orientation?: number;
}

/**
 * Draws the logo fitted into LOGO_BOX with its top left at (x, y); answers how wide it was drawn,
 * 0 when there is none or it cannot be read.
 */
export function drawLogo(doc: Doc, logo: Buffer | null | undefined, x: number, y: number): number {
  if (!logo) return 0;
  try {
    if (logo[0] === 0x89 && !isDrawablePng(logo)) return 0;
    // pdfkit's openImage (not in its types) parses the image; doc.image then embeds that one.
    const image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(logo);
    const turned = (image.orientation ?? 1) > 4;
    const width = turned ? image.height : image.width;
    const height = turned ? image.width : image.height;
    if (!width || !height) return 0;
    const scale = Math.min(LOGO_BOX.width / width, LOGO_BOX.height / height);
    doc.image(image as unknown as Buffer, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    return width * scale;
  } catch {
    return 0;
  }
}
