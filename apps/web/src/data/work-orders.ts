/** Work orders and their RA bills (API.md "Work orders and RA bills"), of the current site. */
import {
  formatInr,
  toPaise,
  type Payment,
  type RaBill,
  type RaBillCreate,
  type RaBillUpdate,
  type RetentionRelease,
  type SubcontractPay,
  type WorkOrder,
  type WorkOrderCreate,
  type WorkOrderStatement,
  type WorkOrderUpdate,
  type WorkOrderVariationCreate,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../lib/downloads';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../lib/site-records';
import { defineCollection, queuedCreate } from './collection';

export const WORK_ORDERS = 'work_orders';
export const RA_BILLS = 'ra_bills';

const orders = defineCollection<WorkOrder, WorkOrderCreate, WorkOrderUpdate>(WORK_ORDERS, {
  expand: 'vendor',
});

export const useWorkOrders = orders.useList;
export const useWorkOrder = orders.useOne;
export const useCreateWorkOrder = orders.useCreate;
export const useUpdateWorkOrder = orders.useUpdate;
export const useDeleteWorkOrder = orders.useDelete;

/** GET …/work_orders/{id}/statement: the bills in order with every column and the totals. */
export const useWorkOrderStatement = (id: string | null | undefined) =>
  orders.useSub<WorkOrderStatement>(id, 'statement');

const bills = defineCollection<RaBill, RaBillCreate, RaBillUpdate>(RA_BILLS);

export const useRaBill = bills.useOne;
export const useUpdateRaBill = bills.useUpdate;
export const useDeleteRaBill = bills.useDelete;

/**
 * POST …/ra_bills with an Idempotency-Key; without a connection it waits in the offline queue
 * (the registry's `offlineQueued`) and is numbered when sent. Its quantities are cumulative, so
 * the server works out the bill against the bills it has then (one queued bill per order: the
 * page offers no second while one waits).
 */
export const useCreateRaBill = queuedCreate<RaBill, RaBillCreate>(RA_BILLS);

/** Posts to one of a work order's actions (`suffix`); the caller shows the errors. */
function useWorkOrderPost<TBody, TAnswer>(suffix: string) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: TBody }, write) =>
      api.post<TAnswer>(recordsPath(siteId, WORK_ORDERS, id, suffix), body, { write }),
    // What else it changed (bills, payments, the vendor) the server's answer names.
    onSuccess: (_answer, _vars, _context, write) =>
      invalidateRecords(queryClient, siteId, writeEffects(WORK_ORDERS), write),
  });
}

/**
 * POST …/work_orders/{id}/issue (owner only: numbers it); `{ override_budget: true }` issues it
 * past the budget of a site set to "block" (issue 45).
 */
export const useIssueWorkOrder = () =>
  useWorkOrderPost<{ override_budget: true }, WorkOrder>('issue');

/** POST …/work_orders/{id}/cancel, while nothing is billed. */
export const useCancelWorkOrder = () => useWorkOrderPost<never, WorkOrder>('cancel');

/** POST …/work_orders/{id}/variations (owner): an approved change of a line's quantity. */
export const useAddVariation = () =>
  useWorkOrderPost<WorkOrderVariationCreate, WorkOrder>('variations');

/** POST …/work_orders/{id}/release_retention (owner) → an RA bill of kind retention_release. */
export const useReleaseRetention = () =>
  useWorkOrderPost<RetentionRelease, RaBill>('release_retention');

/** POST …/ra_bills/{id}/approve (owner): the measurement approved as billed. */
export function useApproveRaBill() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string, write) =>
      api.post<RaBill>(recordsPath(siteId, RA_BILLS, id, 'approve'), undefined, { write }),
    onSuccess: (_bill, _id, _context, write) =>
      invalidateRecords(queryClient, siteId, writeEffects(RA_BILLS), write),
  });
}

/**
 * A subcontractor's payment from its work order's page, by whoever sees the money (accountants
 * pay): `POST …/ra_bills/{id}/pay` for a bill, `POST …/work_orders/{id}/advance` for the advance.
 */
export function usePaySubcontractor() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      { target, id, body }: { target: 'bill' | 'advance'; id: string; body: SubcontractPay },
      write,
    ) =>
      api.post<Payment>(
        target === 'bill'
          ? recordsPath(siteId, RA_BILLS, id, 'pay')
          : recordsPath(siteId, WORK_ORDERS, id, 'advance'),
        body,
        { write },
      ),
    // The payment, the bill or order, the account and the vendor: the server's answer names them.
    onSuccess: (_payment, vars, _context, write) =>
      invalidateRecords(
        queryClient,
        siteId,
        writeEffects(vars.target === 'bill' ? RA_BILLS : WORK_ORDERS, ['payments']),
        write,
      ),
  });
}

/** "RA-2 · ₹4,04,800" for lists and the payment form. */
export const raBillLabel = (bill: Pick<RaBill, 'number' | 'net_payable'>): string =>
  `${bill.number} · ${formatInr(toPaise(bill.net_payable))}`;

/**
 * The PDF the subcontractor signs, with `inline=1`: "Open PDF" opens it in a new tab (the session
 * cookie goes with the navigation), as a purchase order's does.
 */
export function useWorkOrderPdfUrl() {
  const siteId = useSiteId();
  return (order: Pick<WorkOrder, 'id'>): string =>
    `${recordsPath(siteId, WORK_ORDERS, order.id, 'pdf')}?inline=1`;
}

/** GET …/work_orders/{id}/statement/export?format=pdf|xlsx (the server names the file). */
export function fetchWorkOrderStatement(
  siteId: string,
  order: Pick<WorkOrder, 'id' | 'number'>,
  format: 'pdf' | 'xlsx',
): Promise<DownloadedFile> {
  return fetchDownload(
    recordsPath(siteId, WORK_ORDERS, order.id, 'statement/export'),
    { format },
    `${(order.number ?? 'work-order-draft').replace(/[/\\]/g, '-')}-statement.${format}`,
  );
}

/** POST …/ra_bills/{id}/lines/{lineId}/files: a measurement photo of one line of a saved bill. */
export function uploadRaLinePhotos(
  siteId: string,
  billId: string,
  lineId: string,
  files: readonly File[],
): Promise<unknown> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return api.post(
    recordsPath(siteId, RA_BILLS, billId, `lines/${encodeURIComponent(lineId)}/files`),
    form,
  );
}
