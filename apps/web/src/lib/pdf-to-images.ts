/**
 * A PDF turned into page photos in the browser (pdfjs-dist), for uploads that take images only.
 * pdfjs is large: it is imported only when a PDF is picked, and its worker is a file of this app
 * (Vite `?url`), so the CSP's `script-src 'self'` / `worker-src 'self' blob:` allow it — no CDN.
 *
 *   const pdf = await openPdf(file)          // throws when the file is not a readable PDF
 *   pdf.pageCount                             // ask "Convert this 2-page PDF into 2 photos?"
 *   const photos = await pdf.toImages((page) => …)  // File[] (JPEG), one per page
 *   pdf.close()
 */
import type * as PdfJsModule from 'pdfjs-dist';
import { canvasToBlob, IMAGE_QUALITY, MAX_IMAGE_SIDE } from './image-resize';

type PdfJs = typeof PdfJsModule;

/** More pages than this are refused: a phone would run out of memory drawing them. */
export const MAX_PDF_PAGES = 30;

/** Rendering scale for a page so its longest side is about `maxSide` px (between 1 and 4). */
export function pageScale(width: number, height: number, maxSide: number = MAX_IMAGE_SIDE): number {
  const longest = Math.max(width, height);
  if (!(longest > 0)) return 1;
  return Math.min(4, Math.max(1, maxSide / longest));
}

/** "bill.pdf", page 2 of 3 → "bill-page-2.jpg"; one page → "bill.jpg". */
export function pageFileName(pdfName: string, page: number, pageCount: number): string {
  const base = pdfName.replace(/\.pdf$/i, '').trim() || 'document';
  return pageCount > 1 ? `${base}-page-${page}.jpg` : `${base}.jpg`;
}

export interface OpenedPdf {
  pageCount: number;
  toImages(onPage?: (page: number) => void): Promise<File[]>;
  close(): void;
}

let loading: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((error: unknown) => {
      loading = null; // a failed chunk load (offline) may work next time
      throw error;
    });
  return loading;
}

export async function openPdf(file: Blob): Promise<OpenedPdf> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    // Fonts the PDF does not embed are drawn with the device's own (nothing fetched).
    useSystemFonts: true,
    stopAtErrors: false,
  });
  const doc = await task.promise;
  const name = file instanceof File ? file.name : 'document.pdf';

  return {
    pageCount: doc.numPages,
    async toImages(onPage) {
      const images: File[] = [];
      for (let number = 1; number <= doc.numPages; number += 1) {
        onPage?.(number);
        const page = await doc.getPage(number);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: pageScale(base.width, base.height) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport, background: '#ffffff' }).promise;
        page.cleanup();
        const blob = await canvasToBlob(canvas, 'image/jpeg', IMAGE_QUALITY);
        // Let the canvas memory go before the next page.
        canvas.width = 0;
        canvas.height = 0;
        if (!blob) throw new Error('Page could not be encoded');
        images.push(
          new File([blob], pageFileName(name, number, doc.numPages), { type: 'image/jpeg' }),
        );
      }
      return images;
    },
    close() {
      void task.destroy();
    },
  };
}
