/**
 * The work order's statement (GET …/statement): every bill's waterfall — gross, GST, retention,
 * advance recovery, TDS, net payable, paid — with the totals, then what the contractor has had:
 * TDS in all, paid in all, retention still held, still owed. A table from 640 px, cards below.
 */
import { sumRupees, type RaBill, type WorkOrderStatement } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDownloads } from '../../components/lines/report-downloads';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatBusinessDate } from '../../lib/dates';
import { fetchWorkOrderStatement } from './api';
import { rupees } from './wo-labels';

type StatementFile = 'pdf' | 'xlsx';
const FILES: readonly StatementFile[] = ['pdf', 'xlsx'];

type Figures = Pick<
  RaBill,
  | 'gross_amount'
  | 'cgst_amount'
  | 'sgst_amount'
  | 'igst_amount'
  | 'retention_amount'
  | 'advance_recovery'
  | 'tds_amount'
  | 'net_payable'
  | 'paid_amount'
>;

const gstOf = (row: Figures) => sumRupees([row.cgst_amount, row.sgst_amount, row.igst_amount]);

/** The waterfall's columns in order; the deductions shown with a minus. */
const COLUMNS: readonly { key: string; value: (row: Figures) => number; minus?: boolean }[] = [
  { key: 'gross', value: (row) => row.gross_amount },
  { key: 'gst', value: gstOf },
  { key: 'retention', value: (row) => row.retention_amount, minus: true },
  { key: 'recovery', value: (row) => row.advance_recovery, minus: true },
  { key: 'tds', value: (row) => row.tds_amount, minus: true },
  { key: 'net', value: (row) => row.net_payable },
  { key: 'paid', value: (row) => row.paid_amount },
];

const figure = (value: number, minus = false) =>
  minus && value !== 0 ? `− ${rupees(value)}` : rupees(value);

export function WoStatementCard({
  statement,
  canExport,
}: {
  statement: WorkOrderStatement;
  canExport: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { bills, totals } = statement;
  // The totals row sums the bills' columns; the advance's TDS and cash are in the summary below.
  const billTotals = {
    ...totals,
    tds_amount: totals.bills_tds_amount,
    paid_amount: totals.bills_paid_amount,
  };
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const label = (bill: RaBill) =>
    bill.kind === 'retention_release'
      ? t('workOrders.bills.release', { number: bill.number })
      : bill.number;

  return (
    <Card data-testid="wo-statement">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>{t('workOrders.statement.title')}</CardTitle>
        {canExport && bills.length > 0 ? (
          <ReportDownloads
            fetchFile={(siteId, format) =>
              fetchWorkOrderStatement(siteId, statement.work_order, format as StatementFile)
            }
            formats={FILES}
            keys="workOrders.statement.download"
            testId="wo-statement-download"
          />
        ) : null}
      </CardHeader>
      <CardBody className="space-y-5">
        {bills.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('workOrders.statement.empty')}</p>
        ) : (
          <>
            <div className="hidden overflow-x-auto sm:block">
              <table className="w-full text-sm" data-testid="wo-statement-table">
                <thead>
                  <tr className="border-b border-border text-xs text-fg-muted">
                    <th className="py-2 pr-3 text-left font-medium">
                      {t('workOrders.statement.bill')}
                    </th>
                    {COLUMNS.map((column) => (
                      <th
                        key={column.key}
                        className="whitespace-nowrap px-2 py-2 text-right font-medium"
                      >
                        {t(`workOrders.waterfall.${column.key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {bills.map((bill) => (
                    <tr
                      key={bill.id}
                      className="border-b border-border"
                      data-testid={`wo-statement-row-${bill.number}`}
                    >
                      <td className="py-2 pr-3">
                        <span className="block whitespace-nowrap font-medium text-fg">
                          {bill.number}
                        </span>
                        <span className="block text-xs text-fg-muted">
                          {bill.kind === 'retention_release'
                            ? `${t('workOrders.bills.releaseShort')} · `
                            : ''}
                          {date(bill.bill_date)}
                        </span>
                      </td>
                      {COLUMNS.map((column) => (
                        <td
                          key={column.key}
                          className="whitespace-nowrap px-2 py-2 text-right tabular-nums"
                        >
                          {figure(column.value(bill), column.minus)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold text-fg" data-testid="wo-statement-totals">
                    <td className="py-2 pr-3">{t('workOrders.statement.totals')}</td>
                    {COLUMNS.map((column) => (
                      <td
                        key={column.key}
                        className="whitespace-nowrap px-2 py-2 text-right tabular-nums"
                      >
                        {figure(column.value(billTotals), column.minus)}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
            <ol className="space-y-3 sm:hidden" data-testid="wo-statement-cards">
              {bills.map((bill) => (
                <li key={bill.id} className="rounded-xl border border-border p-3">
                  <p className="flex justify-between gap-2 font-medium text-fg">
                    <span>{label(bill)}</span>
                    <span className="text-sm font-normal text-fg-muted">
                      {date(bill.bill_date)}
                    </span>
                  </p>
                  <Rows figures={bill} />
                </li>
              ))}
              <li className="rounded-xl bg-surface-muted/70 p-3">
                <p className="font-semibold text-fg">{t('workOrders.statement.totals')}</p>
                <Rows figures={billTotals} />
              </li>
            </ol>
          </>
        )}
        <dl className="grid grid-cols-1 gap-2 border-t border-border pt-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Total label={t('workOrders.statement.advancePaid')} testId="wo-total-advance">
            {rupees(totals.advance_paid)}
            {totals.advance_tds > 0
              ? ` (${t('workOrders.statement.advanceTds', { amount: rupees(totals.advance_tds) })})`
              : ''}
          </Total>
          <Total label={t('workOrders.statement.tdsTotal')} testId="wo-total-tds">
            {rupees(totals.tds_total)}
          </Total>
          <Total label={t('workOrders.statement.paidTotal')} testId="wo-total-paid">
            {rupees(totals.paid_total)}
          </Total>
          <Total label={t('workOrders.statement.retentionHeld')} testId="wo-total-retention">
            {rupees(totals.retention_held)}
            {totals.retention_released > 0
              ? ` (${t('workOrders.statement.released', { amount: rupees(totals.retention_released) })})`
              : ''}
          </Total>
          <Total label={t('workOrders.statement.outstanding')} testId="wo-total-outstanding">
            {rupees(totals.outstanding)}
          </Total>
        </dl>
      </CardBody>
    </Card>
  );
}

function Rows({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-2 space-y-1 text-sm">
      {COLUMNS.map((column) => (
        <div key={column.key} className="flex justify-between gap-3">
          <dt className="text-fg-muted">{t(`workOrders.waterfall.${column.key}`)}</dt>
          <dd className="tabular-nums text-fg">{figure(column.value(figures), column.minus)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Total({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex justify-between gap-3 sm:block" data-testid={testId}>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-fg">{children}</dd>
    </div>
  );
}
