import type { WageSheet } from '@siteledger/domain';
import { CalendarDays, Store, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '../../components/list-page/delete-confirm';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useDetailPage } from '../../components/record-detail/use-record-detail';
import { RecordHistory } from '../../components/record-history';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { StatusBadge } from '../../components/ui/status-badge';
import { useDeleteWageSheet, useWageSheet } from '../../data/wage-sheets';
import { WageSheetActions } from './wage-sheet-actions';
import { useSlipDownload, WageSheetDownloads } from './wage-sheet-downloads';
import { WageSheetFigures } from './wage-sheet-figures';
import {
  payeeText,
  periodText,
  useContractorNames,
  WageSheetStatusBadge,
} from './wage-sheet-labels';
import { WageSheetLines } from './wage-sheet-lines';
import { WageSheetPayDialog } from './wage-sheet-pay-dialog';
import { isContractorSheet } from './wage-sheet-rules';

const link =
  'rounded font-medium text-primary hover:text-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/**
 * /wage-sheets/:id — the sheet's figures and lines (a slip per worker), its documents, and what
 * the viewer may do with it: approve, pay from an account, delete.
 */
export function WageSheetDetailPage() {
  const page = useDetailPage(
    { useRecord: useWageSheet, useDelete: useDeleteWageSheet },
    { to: '/wage-sheets', labelKey: 'wageSheets.detail.back' },
  );
  const { record: sheet, confirm, id, t, query, remove, back } = page;
  const [paying, setPaying] = useState(false);

  if (!sheet) {
    return <RecordPending one="ws" ns="wageSheets" query={query} back={back} block="h-64" />;
  }
  return (
    <div className="space-y-8" data-testid="page-ws-detail">
      <PageHeader
        className="mb-0"
        title={<span data-testid="ws-detail-number">{sheet.number}</span>}
        back={back}
        actions={
          <WageSheetActions
            sheet={sheet}
            onPay={() => setPaying(true)}
            onDelete={() => confirm.ask(sheet)}
          />
        }
      >
        <SheetFacts sheet={sheet} />
      </PageHeader>
      {isContractorSheet(sheet) ? <ContractorNote sheet={sheet} /> : null}
      <WageSheetFigures sheet={sheet} />
      <SheetLines sheet={sheet} />
      <WageSheetDownloads sheet={sheet} />
      <WageSheetPayDialog sheet={sheet} open={paying} onOpenChange={setPaying} />
      <DeleteConfirm
        target={confirm}
        mutation={remove}
        title={t('wageSheets.delete.title')}
        description={t('wageSheets.delete.description')}
        toastMessage={() => t('wageSheets.toast.deleted', { number: sheet.number })}
        leaveTo="/wage-sheets"
        testId="ws-delete-dialog"
      />
      <RecordHistory entity="wage_sheets" recordId={id} />
    </div>
  );
}

function SheetLines({ sheet }: { sheet: WageSheet }) {
  const slips = useSlipDownload(sheet);
  return <WageSheetLines sheet={sheet} slips={slips} />;
}

/** Status, period and who is paid (a contractor links to its vendor page). */
function SheetFacts({ sheet }: { sheet: WageSheet }) {
  const { t, i18n } = useTranslation();
  const payee = payeeText(t, sheet, useContractorNames([sheet])(sheet.labour_contractor));
  const Icon = isContractorSheet(sheet) ? Store : Users;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted">
      <WageSheetStatusBadge status={sheet.status} testId="ws-detail-status" />
      <span className="inline-flex items-center gap-1.5" data-testid="ws-detail-period">
        <CalendarDays className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        {periodText(sheet, i18n.language)}
      </span>
      <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="ws-detail-payee">
        <Icon className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        {sheet.labour_contractor ? (
          <Link to={`/vendors/${sheet.labour_contractor}`} className={link}>
            {payee}
          </Link>
        ) : (
          payee
        )}
      </span>
    </div>
  );
}

/** A contractor's sheet is that vendor's bill: its payment state (Pay records his payment). */
function ContractorNote({ sheet }: { sheet: WageSheet }) {
  const { t } = useTranslation();
  return (
    <Alert tone="info" testId="ws-contractor-note">
      <span className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="payment" status={sheet.payment_status} />
        <span>{t('wageSheets.detail.contractorNote')}</span>
      </span>
    </Alert>
  );
}
