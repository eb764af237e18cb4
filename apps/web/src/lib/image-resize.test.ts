import { describe, expect, it } from 'vitest';
import { fitWithin, outputType, renameForType } from './image-resize';
import { pageFileName, pageScale } from './pdf-to-images';

describe('fitWithin', () => {
  it('keeps images that already fit', () => {
    expect(fitWithin({ width: 2000, height: 1500 })).toBeNull();
    expect(fitWithin({ width: 640, height: 480 })).toBeNull();
  });

  it('brings the longest side to 2000 px, keeping the shape', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin({ width: 8000, height: 10 })).toEqual({ width: 2000, height: 3 });
    expect(fitWithin({ width: 100, height: 300 }, 150)).toEqual({ width: 50, height: 150 });
  });
});

describe('encoded names and types', () => {
  it('keeps JPEG as JPEG and turns PNG / WebP into WebP', () => {
    expect(outputType('jpeg')).toBe('image/jpeg');
    expect(outputType('png')).toBe('image/webp');
    expect(outputType('webp')).toBe('image/webp');
  });

  it('renames by the new type', () => {
    expect(renameForType('challan 12.PNG', 'image/webp')).toBe('challan 12.webp');
    expect(renameForType('IMG_2041.jpeg', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(renameForType('noext', 'image/jpeg')).toBe('noext.jpg');
    expect(renameForType('.png', 'image/jpeg')).toBe('photo.jpg');
  });
});

describe('PDF pages as photos', () => {
  it('renders an A4 page at about 2000 px on its long side', () => {
    const scale = pageScale(595, 842);
    expect(Math.round(842 * scale)).toBe(2000);
    expect(pageScale(5000, 3000)).toBe(1);
    expect(pageScale(100, 100)).toBe(4);
    expect(pageScale(0, 0)).toBe(1);
  });

  it('names each page after the PDF', () => {
    expect(pageFileName('bill.pdf', 2, 3)).toBe('bill-page-2.jpg');
    expect(pageFileName('Bill.PDF', 1, 1)).toBe('Bill.jpg');
    expect(pageFileName('.pdf', 1, 2)).toBe('document-page-1.jpg');
  });
});
