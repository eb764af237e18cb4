import { z } from 'zod';
import { RECORD_TYPES } from '../registry/index.js';

type Declared = (typeof RECORD_TYPES)[number];
/** The names of a declaration's fields that hold files. */
type FileFieldOf<T> = T extends { readonly fields: infer F }
  ? { [K in keyof F]: F[K] extends { readonly kind: 'files' } ? K : never }[keyof F]
  : never;
/** Collections whose records carry files: their registry entries have a `files()` field. */
export type FileCollection = Declared extends infer T
  ? T extends Declared
    ? [FileFieldOf<T>] extends [never]
      ? never
      : T['collection']
    : never
  : never;

const withFiles = RECORD_TYPES.flatMap((type) => {
  const field = Object.entries(type.fields).find(([, codec]) => codec.kind === 'files');
  return field
    ? [{ type, column: field[0], pdf: field[1].kind === 'files' && field[1].pdf === true }]
    : [];
});

/** Collections whose records carry files (issue 41: read off the registry). */
export const FILE_COLLECTIONS = withFiles.map(({ type }) => type.collection as FileCollection);

/** The JSON list column of file names on each collection's records. */
export const FILE_COLUMNS = Object.fromEntries(
  withFiles.map(({ type, column }) => [type.collection, column]),
) as Record<FileCollection, string>;

/** Only vendors accept PDFs (bills, GST certificates); photos elsewhere must be images. */
export const PDF_COLLECTIONS: readonly FileCollection[] = withFiles.flatMap(({ type, pdf }) =>
  pdf ? [type.collection as FileCollection] : [],
);

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
