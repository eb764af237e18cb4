import type {
  MaterialRequest,
  MaterialRequestCreate,
  MaterialRequestUpdate,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useQueuedCreate, type QueuedCreateOptions } from '../../lib/offline-queue-hooks';
import {
  invalidateRecords,
  recordsPath,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  writeEffects,
  type ListQuery,
} from '../../lib/site-records';
import { writeMeta } from '../../lib/write-effects';

/** Material requests of the current site (API.md "Material requests and purchase orders"). */
export const MATERIAL_REQUESTS = 'material_requests';

export function useMaterialRequests(query: ListQuery) {
  return useRecordList<MaterialRequest>(MATERIAL_REQUESTS, query);
}

export function useMaterialRequest(id: string | undefined) {
  return useRecord<MaterialRequest>(MATERIAL_REQUESTS, id);
}

/** Kept in the offline queue when there is no connection (lib/offline-queue-hooks.ts). */
export const useCreateMaterialRequest = (
  options: QueuedCreateOptions<MaterialRequestCreate> = {},
) => useQueuedCreate<MaterialRequestCreate, MaterialRequest>(MATERIAL_REQUESTS, options);
export const useUpdateMaterialRequest = () =>
  useUpdateRecord<MaterialRequestUpdate, MaterialRequest>(MATERIAL_REQUESTS);
export const useDeleteMaterialRequest = () => useDeleteRecord(MATERIAL_REQUESTS);

export type MaterialRequestActionName = 'submit' | 'approve' | 'reject' | 'close';

/**
 * POST …/material_requests/{id}/{submit|approve|reject|close} → the updated request. Refreshes
 * the requests and the purchase orders (lib/write-effects.ts).
 */
export function useMaterialRequestAction(action: MaterialRequestActionName) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(MATERIAL_REQUESTS, 'update'),
    mutationFn: ({ id, notes }: { id: string; notes?: string | null }) =>
      api.post<MaterialRequest>(
        recordsPath(siteId, MATERIAL_REQUESTS, id, action),
        action === 'approve' || action === 'reject' ? { notes: notes ?? null } : {},
      ),
    onSuccess: () => invalidateRecords(queryClient, siteId, writeEffects(MATERIAL_REQUESTS)),
  });
}
