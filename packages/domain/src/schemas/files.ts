import { z } from 'zod';

/** Collections whose records carry files, and the JSON list column each one appends to. */
export const FILE_COLLECTIONS = [
  'deliveries',
  'service_bookings',
  'vendor_returns',
  'vendors',
  'material_requests',
  'stock_consumptions',
] as const;
export type FileCollection = (typeof FILE_COLLECTIONS)[number];

/** Only vendors accept PDFs (bills, GST certificates); photos elsewhere must be images. */
export const PDF_COLLECTIONS: readonly FileCollection[] = ['vendors'];

/** Accepted by content: JPEG, PNG, WebP, HEIC everywhere; PDF where PDF_COLLECTIONS allows. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

/** POST …/<collection>/{id}/files → the name of the last added file and the record's list. */
export const zFileUploadResult = z.object({ file: z.string(), files: z.array(z.string()) });
export type FileUploadResult = z.infer<typeof zFileUploadResult>;

/** Where a stored file is read (with the bearer header): GET /api/files/{siteId}/{name}. */
export function fileUrl(siteId: string, name: string): string {
  return `/api/files/${encodeURIComponent(siteId)}/${encodeURIComponent(name)}`;
}

/** DELETE …/<collection>/{id}/files/{name} → the names left on the record. */
export const zFileList = z.object({ files: z.array(z.string()) });
export type FileList = z.infer<typeof zFileList>;
