/**
 * The photos a create form takes before its record exists (components/form-photos.tsx), and their
 * upload once it is saved online (lib/queued-photos.ts sendFormPhotos).
 *
 *   const photos = useFormPhotos('deliveries');
 *   <FormPhotos value={photos.photos} onChange={photos.setPhotos} … />
 *   beforeQueue: (key) => keepPhotos(key, photos.owner, photos.photos)     saved offline
 *   photos.send(record.id, (files) => setSaved({ ...record, photos: files }))   saved online
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WriteToken } from './api-client';
import type { FileCollection } from './files-api';
import { sendFormPhotos, type PhotoOwner } from './queued-photos';
import { useSession } from './session';
import { invalidateRecords, useSiteId } from './site-records';

/**
 * Uploads a saved record's form photos, then refreshes its collection. One token stands for the
 * uploads (lib/write-effects.ts): the refresh leaves what their answers refreshed already.
 * Resolves with the record's files after the last upload that went through (null when none did).
 */
export async function uploadFormPhotos(
  queryClient: QueryClient,
  owner: PhotoOwner,
  recordId: string,
  files: readonly File[],
): Promise<string[] | null> {
  const write: WriteToken = {};
  const names = await sendFormPhotos(owner, recordId, files, write);
  if (names) void invalidateRecords(queryClient, owner.siteId, [owner.collection], write);
  return names;
}

/** A create form's photos of `collection`: the list, who they belong to, and the upload. */
export function useFormPhotos(collection: FileCollection) {
  const [photos, setPhotos] = useState<File[]>([]);
  const siteId = useSiteId();
  const userId = useSession().user?.id ?? '';
  const queryClient = useQueryClient();
  const owner: PhotoOwner = { siteId, collection, userId };
  /** The record `recordId` was saved online: its photos go up; `onSent` gets its files. */
  const send = (recordId: string, onSent: (files: string[]) => void) => {
    if (photos.length === 0) return;
    void uploadFormPhotos(queryClient, owner, recordId, photos).then((names) => {
      if (names) onSent(names);
    });
  };
  return { photos, setPhotos, owner, send };
}
