/**
 * Photos are downscaled in the browser before upload: a phone camera's 12 MP JPEG becomes a
 * ~2000 px image of a few hundred KB, which uploads on a weak site connection and still shows
 * a challan's writing. Small images are sent as they are.
 *
 *   const file = await downscaleImage(picked, 'jpeg')   // File (the original when nothing to gain)
 */

/** Longest side of an uploaded photo, in pixels. */
export const MAX_IMAGE_SIDE = 2000;
/** JPEG / WebP quality of a downscaled photo. */
export const IMAGE_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits within `maxSide` keeping the aspect ratio; null when it already fits. */
export function fitWithin(size: Size, maxSide: number = MAX_IMAGE_SIDE): Size | null {
  const longest = Math.max(size.width, size.height);
  if (longest <= maxSide || size.width <= 0 || size.height <= 0) return null;
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * The output type: JPEG stays JPEG; PNG and WebP become WebP, which keeps transparency (a JPEG
 * would turn it black) at a fraction of PNG's size.
 */
export function outputType(kind: 'jpeg' | 'png' | 'webp'): 'image/jpeg' | 'image/webp' {
  return kind === 'jpeg' ? 'image/jpeg' : 'image/webp';
}

/** "site photo.png" + image/webp → "site photo.webp". */
export function renameForType(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : type === 'image/png' ? 'png' : 'jpg';
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.${extension}`;
}

export function canvasToBlob(
  canvas: HTMLCanvasElement,
  type: string,
  quality: number,
): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Draws the image at the fitted size and encodes it. When the browser cannot encode WebP (it
 * hands back PNG), a JPEG over white is made instead. Undecodable images and results that are not
 * smaller come back as the original file.
 */
export async function downscaleImage(
  file: File,
  kind: 'jpeg' | 'png' | 'webp',
  maxSide: number = MAX_IMAGE_SIDE,
  quality: number = IMAGE_QUALITY,
): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    // EXIF orientation applied, so a portrait photo stays upright once re-encoded.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const target = fitWithin({ width: bitmap.width, height: bitmap.height }, maxSide);
    if (!target) return file;
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, target.width, target.height);
    let type: string = outputType(kind);
    let blob = await canvasToBlob(canvas, type, quality);
    if (blob && blob.type !== type) {
      context.globalCompositeOperation = 'destination-over';
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, target.width, target.height);
      type = 'image/jpeg';
      blob = await canvasToBlob(canvas, type, quality);
    }
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], renameForType(file.name, type), {
      type,
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}
