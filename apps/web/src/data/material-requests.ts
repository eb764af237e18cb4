/** Material requests of the current site (API.md "Material requests and purchase orders"). */
import {
  WAITING_MATERIAL_REQUEST_STATUS,
  type MaterialRequest,
  type MaterialRequestCreate,
  type MaterialRequestUpdate,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../lib/site-records';
import { writeMeta } from '../lib/write-effects';
import { defineCollection, queuedCreate } from './collection';

export const MATERIAL_REQUESTS = 'material_requests';

const requests = defineCollection<MaterialRequest, MaterialRequestCreate, MaterialRequestUpdate>(
  MATERIAL_REQUESTS,
);

export const useMaterialRequests = requests.useList;
export const useMaterialRequest = requests.useOne;
export const useCreateMaterialRequest = queuedCreate<MaterialRequest, MaterialRequestCreate>(
  MATERIAL_REQUESTS,
);
export const useUpdateMaterialRequest = requests.useUpdate;
export const useDeleteMaterialRequest = requests.useDelete;

/** Owners: requests waiting for a decision (newest first, up to 5, with the count). */
export function useWaitingRequests(enabled: boolean) {
  return requests.useWhere({ status: WAITING_MATERIAL_REQUEST_STATUS, perPage: 5 }, { enabled });
}

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
    mutationFn: ({ id, notes }: { id: string; notes?: string | null }, write) =>
      api.post<MaterialRequest>(
        recordsPath(siteId, MATERIAL_REQUESTS, id, action),
        action === 'approve' || action === 'reject' ? { notes: notes ?? null } : {},
        { write },
      ),
    onSuccess: (_saved, _vars, _context, write) =>
      invalidateRecords(queryClient, siteId, writeEffects(MATERIAL_REQUESTS), write),
  });
}
