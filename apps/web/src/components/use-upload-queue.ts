/**
 * The work behind <PhotoUploader>: each picked file is checked by content (kind, size), photos are
 * downscaled, a PDF is turned into page photos after the person agrees (where the collection takes
 * images only), then each file uploads on its own with its own progress and error.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../lib/api-client';
import { useAppConfig } from '../lib/app-config';
import { uploadRecordFile, type FileCollection, type UploadResult } from '../lib/files-api';
import { downscaleImage } from '../lib/image-resize';
import type { OpenedPdf } from '../lib/pdf-to-images';
import { invalidateRecords, useSiteId } from '../lib/site-records';
import {
  acceptsPdf,
  isResizable,
  isTooLarge,
  readUploadKind,
  type UploadKind,
} from '../lib/upload-checks';

export type EntryStatus =
  | 'checking'
  | 'preparing'
  | 'reading'
  | 'waiting'
  | 'converting'
  | 'queued'
  | 'uploading'
  | 'done'
  | 'error';

export interface UploadEntry {
  key: string;
  file: File;
  /** Object URL of the file for its thumbnail (revoked on unmount). */
  preview: string;
  status: EntryStatus;
  progress: number;
  error?: string;
  /** Server and network failures can be tried again; a refused kind or size cannot. */
  retryable?: boolean;
  page?: { current: number; count: number };
}

/** "Convert this 2-page PDF into 2 photos?" waiting for the person's answer. */
export interface PdfQuestion {
  name: string;
  pages: number;
  answer: (convert: boolean) => void;
}

const DEFAULT_MAX_MB = 10;
let counter = 0;

export function useUploadQueue(
  collection: FileCollection,
  recordId: string,
  onUploaded?: (result: UploadResult) => void,
) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  const maxMb = useAppConfig().data?.max_upload_mb ?? DEFAULT_MAX_MB;
  const pdfAllowed = acceptsPdf(collection);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [question, setQuestion] = useState<PdfQuestion | null>(null);
  const previews = useRef<string[]>([]);
  const latest = useRef({ maxMb, onUploaded });
  useEffect(() => {
    latest.current = { maxMb, onUploaded };
  });

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const makeEntry = (file: File, status: EntryStatus): UploadEntry => {
    counter += 1;
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    return { key: `upload-${counter}`, file, preview, status, progress: 0 };
  };

  const patch = (key: string, change: Partial<UploadEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const fail = (key: string, error: string, retryable = false) =>
    patch(key, { status: 'error', error, retryable, page: undefined });

  const upload = async (entry: UploadEntry) => {
    if (isTooLarge(entry.file.size, latest.current.maxMb)) {
      fail(entry.key, t('uploads.tooLarge', { max: latest.current.maxMb }));
      return;
    }
    patch(entry.key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const progress = (fraction: number) => patch(entry.key, { progress: fraction });
      // The entry stands for the upload's write: its refresh leaves what the answer refreshed.
      const result = await uploadRecordFile(
        siteId,
        collection,
        recordId,
        entry.file,
        progress,
        undefined,
        entry,
      );
      patch(entry.key, { status: 'done', progress: 1 });
      latest.current.onUploaded?.(result);
      await invalidateRecords(queryClient, siteId, [collection], entry);
    } catch (error) {
      // 413 FILE_TOO_LARGE / 415 INVALID_FILE_TYPE come with the server's own message; anything
      // else (network, server fault) is "Failed to upload photo" (spec part 8).
      fail(entry.key, failureMessage(error, t, 'uploads.uploadFailed'), true);
    }
  };

  const ask = (name: string, pages: number) =>
    new Promise<boolean>((resolve) => {
      setQuestion({
        name,
        pages,
        answer: (convert) => {
          setQuestion(null);
          resolve(convert);
        },
      });
    });

  /** A PDF where only photos are taken: pages become photos once the person agrees. */
  const convertPdf = async (entry: UploadEntry) => {
    patch(entry.key, { status: 'reading' });
    let pdf: OpenedPdf;
    let maxPages: number;
    try {
      // Loaded only now: pdfjs is large and most people never pick a PDF.
      const converter = await import('../lib/pdf-to-images');
      maxPages = converter.MAX_PDF_PAGES;
      pdf = await converter.openPdf(entry.file);
    } catch {
      fail(entry.key, t('uploads.convertFailed'));
      return;
    }
    try {
      if (pdf.pageCount > maxPages) {
        fail(entry.key, t('uploads.tooManyPages', { count: pdf.pageCount, max: maxPages }));
        return;
      }
      patch(entry.key, { status: 'waiting' });
      if (!(await ask(entry.file.name, pdf.pageCount))) {
        fail(entry.key, t('uploads.notConverted'));
        return;
      }
      const count = pdf.pageCount;
      patch(entry.key, { status: 'converting', page: { current: 1, count } });
      let pages: File[];
      try {
        pages = await pdf.toImages((current) => patch(entry.key, { page: { current, count } }));
      } catch {
        fail(entry.key, t('uploads.convertFailed'));
        return;
      }
      const added = pages.map((file) => makeEntry(file, 'queued'));
      setEntries((list) => list.flatMap((e) => (e.key === entry.key ? added : [e])));
      for (const page of added) await upload(page);
    } finally {
      pdf.close();
    }
  };

  const prepare = async (entry: UploadEntry) => {
    const kind: UploadKind | null = await readUploadKind(entry.file).catch(() => null);
    if (!kind) {
      fail(entry.key, t(pdfAllowed ? 'uploads.invalidTypeWithPdf' : 'uploads.invalidType'));
      return;
    }
    if (kind === 'pdf' && !pdfAllowed) {
      await convertPdf(entry);
      return;
    }
    let file = entry.file;
    if (isResizable(kind)) {
      patch(entry.key, { status: 'preparing' });
      const original = file;
      file = await downscaleImage(original, kind).catch(() => original);
    }
    const ready = { ...entry, file };
    patch(entry.key, { file, status: 'queued' });
    await upload(ready);
  };

  const addFiles = async (files: FileList | readonly File[] | null) => {
    if (!files?.length) return;
    const added = Array.from(files).map((file) => makeEntry(file, 'checking'));
    setEntries((list) => [...list, ...added]);
    for (const entry of added) await prepare(entry);
  };

  const remove = (key: string) => setEntries((list) => list.filter((e) => e.key !== key));

  return { entries, addFiles, retry: upload, remove, question, maxMb, pdfAllowed };
}
