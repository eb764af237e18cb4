import { materialRequestMay } from '@siteledger/domain';
import { PageFrame } from '../../components/ui/page-frame';
import { DeleteConfirm } from '../../components/list-page/delete-confirm';
import { recordActions } from '../../components/record-detail/detail-actions';
import { StatusSubtitle } from '../../components/record-detail/pill';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useDetailPage } from '../../components/record-detail/use-record-detail';
import { RecordHistory } from '../../components/record-history';
import { RecordPhotosCard } from '../../components/record-photos-card';
import { formatBusinessDate } from '../../lib/dates';
import { MATERIAL_REQUESTS, useDeleteMaterialRequest, useMaterialRequest } from './api';
import { MaterialRequestFormDialog } from './material-request-form-dialog';
import { RequestActions } from './request-actions';
import { RequestFactsCard, RequestLinesCard } from './request-detail-cards';
import { itemsSummary, RequestStatusBadge } from './request-labels';

/** /material-requests/:id — the request, its lines, decision, actions and history. */
export function MaterialRequestDetailPage() {
  const page = useDetailPage(
    { useRecord: useMaterialRequest, useDelete: useDeleteMaterialRequest },
    { to: '/material-requests', labelKey: 'materialRequests.detail.back' },
  );
  const { record: request, editing, setEditing, confirm } = page;
  const { id, t, i18n, can, query, remove, back } = page;

  if (!request) {
    return (
      <RecordPending
        one="materialRequest"
        ns="materialRequests"
        back={back}
        query={query}
        testId="request-detail-loading"
      />
    );
  }

  const date = formatBusinessDate(request.request_date, i18n.language);
  return (
    <PageFrame
      testId="page-material-request-detail"
      title={<span data-testid="request-detail-title">{itemsSummary(t, request)}</span>}
      subtitle={
        <StatusSubtitle
          badge={<RequestStatusBadge status={request.status} testId="request-detail-status" />}
        >
          {t('materialRequests.detail.subtitle', {
            name: request.requested_by_name ?? '—',
            date,
          })}
        </StatusSubtitle>
      }
      back={back}
      actions={
        <>
          <RequestActions request={request} />
          {recordActions({
            one: 'request',
            can,
            editable: materialRequestMay('edit', request.status),
            onEdit: () => setEditing(true),
            onDelete: () => confirm.ask(request),
          })}
        </>
      }
    >
      <RequestFactsCard request={request} />
      <RequestLinesCard request={request} />
      <RecordPhotosCard
        collection={MATERIAL_REQUESTS}
        record={request}
        canUpdate={can.canUpdate}
        keyPrefix="materialRequests.detail"
        testId="request"
      />
      <MaterialRequestFormDialog open={editing} onOpenChange={setEditing} request={request} />
      <DeleteConfirm
        target={confirm}
        mutation={remove}
        title={t('materialRequests.delete.title')}
        description={t('materialRequests.delete.description', { date })}
        toastMessage={() => t('materialRequests.toast.deleted')}
        leaveTo="/material-requests"
        testId="request-delete-dialog"
      />
      <RecordHistory entity="material_requests" recordId={id} />
    </PageFrame>
  );
}
