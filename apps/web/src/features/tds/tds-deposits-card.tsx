/**
 * What the period's TDS asks of the deductor: per section and month, deducted, deposited by
 * challans, the due date (the 7th of the next month; 30 April for March) and whether it is
 * deposited, due or overdue; "Record challan" for what is left, and the challans recorded.
 */
import type { TdsChallan, TdsDeposit, TdsReport } from '@siteledger/domain';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DotPill } from '../../components/record-detail/dot-pill';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useTdsChallans } from './api';
import { TdsChallanDialog } from './tds-challan-dialog';
import { leftToDeposit, sharedWithOtherSites } from './tds-deposit-left';
import { monthLabel } from './tds-quarters';

const TONES: Record<TdsDeposit['status'], { pill: string; dot: string }> = {
  deposited: {
    pill: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
    dot: 'bg-success',
  },
  due: {
    pill: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
    dot: 'bg-amber-500',
  },
  overdue: { pill: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20', dot: 'bg-danger' },
};

const depositKey = (row: Pick<TdsDeposit, 'section' | 'month'>) => `${row.section}-${row.month}`;

export function TdsDepositsCard({
  report,
  canDeposit,
}: {
  report: TdsReport;
  canDeposit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [depositing, setDepositing] = useState<TdsDeposit | null>(null);
  const months = new Set(report.deposits.map((row) => row.month));
  const challans = useTdsChallans(
    { perPage: 200, sort: '-deposit_date' },
    { enabled: months.size > 0 },
  );
  const recorded = (challans.data?.items ?? []).filter((challan) => months.has(challan.month));
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  if (report.deposits.length === 0) return null;

  return (
    <Card data-testid="tds-deposits">
      <CardHeader>
        <CardTitle>{t('tds.deposits.title')}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <ol className="divide-y divide-border">
          {report.deposits.map((row) => {
            const left = leftToDeposit(row);
            const tone = TONES[row.status];
            return (
              <li
                key={depositKey(row)}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid={`tds-deposit-${depositKey(row)}`}
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                    {t('tds.deposits.row', {
                      section: row.section,
                      month: monthLabel(row.month, i18n.language),
                    })}
                    <DotPill pill={tone.pill} dot={tone.dot} data={{ 'data-status': row.status }}>
                      {t(`tds.deposits.status.${row.status}`)}
                    </DotPill>
                  </p>
                  <p className="text-sm text-fg-muted">
                    {t('tds.deposits.figures', {
                      deducted: formatRupees(row.tds_amount),
                      deposited: formatRupees(row.deposited),
                      due: date(row.due_date),
                    })}
                  </p>
                  {sharedWithOtherSites(row) ? (
                    <p
                      className="text-sm text-fg-muted"
                      data-testid={`tds-deposit-${depositKey(row)}-deductor`}
                    >
                      {t('tds.deposits.deductor', {
                        deducted: formatRupees(row.deductor_tds_amount),
                        deposited: formatRupees(row.deductor_deposited),
                      })}
                    </p>
                  ) : null}
                </div>
                {canDeposit && left > 0 ? (
                  <Button
                    size="sm"
                    icon={<Landmark className="size-4" aria-hidden="true" />}
                    onClick={() => setDepositing(row)}
                    data-testid={`tds-deposit-${depositKey(row)}-record`}
                  >
                    {t('tds.deposits.record')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
        {recorded.length > 0 ? <ChallanList challans={recorded} /> : null}
      </CardBody>
      <TdsChallanDialog deposit={depositing} onClose={() => setDepositing(null)} />
    </Card>
  );
}

function ChallanList({ challans }: { challans: readonly TdsChallan[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="border-t border-border pt-3" data-testid="tds-challans">
      <h3 className="text-sm font-semibold text-fg">{t('tds.challans.title')}</h3>
      <ul className="mt-2 space-y-1.5 text-sm">
        {challans.map((challan) => (
          <li key={challan.id} className="flex flex-wrap justify-between gap-x-3 text-fg-muted">
            <span>
              {t('tds.challans.row', {
                section: challan.section,
                month: monthLabel(challan.month, i18n.language),
                bsr: challan.bsr_code,
                serial: challan.challan_serial,
                date: formatBusinessDate(challan.deposit_date, i18n.language),
              })}
            </span>
            <span className="font-medium tabular-nums text-fg">{formatRupees(challan.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
