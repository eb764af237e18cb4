import type { MaterialRequest } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Fact, FactsCard, LinesCard } from '../../components/record-detail/fact';
import { LinesTable } from '../../components/lines/lines-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { DATE_TIME, formatBusinessDate, formatTimestamp } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

/** Who asked and when, needed by, notes, the estimate and the owner's decision. */
export function RequestFactsCard({ request }: { request: MaterialRequest }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const decided = request.decided_at !== null;
  return (
    <FactsCard>
      <Fact label={t('materialRequests.fields.requestedBy')} testId="request-detail-requester">
        {request.requested_by_name ?? '—'} · {formatBusinessDate(request.request_date, lang)}
      </Fact>
      <Fact label={t('materialRequests.fields.neededBy')} testId="request-detail-needed-by">
        {request.needed_by ? formatBusinessDate(request.needed_by, lang) : '—'}
      </Fact>
      <Fact label={t('materialRequests.fields.estimatedAmount')} testId="request-detail-estimate">
        <span className="font-semibold tabular-nums">{formatRupees(request.estimated_amount)}</span>
      </Fact>
      {request.submitted_at ? (
        <Fact label={t('materialRequests.fields.submittedAt')}>
          {formatTimestamp(request.submitted_at, lang, DATE_TIME)}
        </Fact>
      ) : null}
      {decided ? (
        <Fact label={t('materialRequests.fields.decision')} testId="request-detail-decision">
          {t('materialRequests.detail.decidedBy', {
            name: request.decided_by_name ?? '—',
            date: formatTimestamp(request.decided_at ?? '', lang, DATE_TIME),
          })}
          {request.decision_notes ? (
            <span className="mt-1 block text-fg-muted">“{request.decision_notes}”</span>
          ) : null}
        </Fact>
      ) : null}
      {request.notes ? (
        <Fact label={t('materialRequests.fields.notes')} testId="request-detail-notes">
          {request.notes}
        </Fact>
      ) : null}
    </FactsCard>
  );
}

/** The requested items: quantity and how much purchase orders already cover. */
export function RequestLinesCard({ request }: { request: MaterialRequest }) {
  const { t } = useTranslation();
  return (
    <LinesCard
      title={t('materialRequests.detail.lines')}
      bodyClassName="overflow-x-auto p-0 sm:p-0"
    >
      <LinesTable
        item={{
          key: 'item',
          header: t('materialRequests.fields.item'),
          cell: (line) => (
            <>
              <p className="font-medium text-fg">{line.item_name}</p>
              {line.notes ? <p className="text-xs text-fg-muted">{line.notes}</p> : null}
            </>
          ),
        }}
        columns={[
          {
            key: 'quantity',
            header: t('materialRequests.fields.quantity'),
            cell: (line) => formatQuantity(line.quantity, line.unit),
          },
          {
            key: 'ordered',
            header: t('materialRequests.fields.ordered'),
            cell: (line) => formatQuantity(line.ordered_quantity, line.unit),
            className: 'text-fg-muted',
          },
        ]}
        lines={request.items}
        testId="request-detail-lines"
      />
    </LinesCard>
  );
}
