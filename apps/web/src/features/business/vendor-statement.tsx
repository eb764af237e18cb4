/**
 * A party's statement across sites: each site's billed, paid, outstanding, advance and TDS (that
 * site's vendor ledger) and their totals, then the entries of every site by date with one running
 * balance.
 */
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import type { VendorStatement } from '@siteledger/domain';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

type SiteRow = VendorStatement['sites'][number];
type Entry = VendorStatement['entries'][number];
type Row = Omit<SiteRow, 'vendor' | 'site'> & { site: string | null };

/** A card's figure shown whole (a long amount wraps rather than being cut). */
const WHOLE = 'break-words font-medium tabular-nums text-fg';

const FIGURES = ['total_billed', 'total_paid', 'outstanding', 'advance', 'tds_deducted'] as const;

const siteTestId = (row: Row) =>
  row.site ? `business-vendor-site-${row.site}` : 'business-vendor-total';

function useSiteColumns() {
  const { t } = useTranslation();
  const label = (figure: (typeof FIGURES)[number]) => t(`business.vendor.figures.${figure}`);
  const strong = (row: Row) => cn('tabular-nums', !row.site && 'font-semibold');
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'site',
      header: t('business.site'),
      cell: (row) => (
        <span className={row.site ? 'text-fg' : 'font-semibold'}>{row.site_name}</span>
      ),
    },
    ...FIGURES.map((figure): DataTableColumn<Row> => ({
      key: figure,
      header: label(figure),
      align: 'right',
      cell: (row) => (
        <span className={strong(row)} data-testid={`${siteTestId(row)}-${figure}`}>
          {formatRupees(row[figure])}
        </span>
      ),
    })),
  ];
  const mobileCard = (row: Row) => (
    <div className="space-y-3">
      <CardHead title={row.site_name} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
        {FIGURES.map((figure) => (
          <CardFigure
            key={figure}
            label={label(figure)}
            valueClassName={cn('break-words font-medium text-fg', strong(row))}
            testId={`${siteTestId(row)}-${figure}`}
          >
            {formatRupees(row[figure])}
          </CardFigure>
        ))}
      </dl>
    </div>
  );
  return { columns, mobileCard };
}

function useEntryColumns() {
  const { t, i18n } = useTranslation();
  const type = (entry: Entry) => t(`vendorLedger.types.${entry.type}`, entry.type);
  const money = (value: number) => (value ? formatRupees(value) : '—');
  const what = (entry: Entry) =>
    [type(entry), entry.reference, entry.description].filter(Boolean).join(' · ');
  const columns: DataTableColumn<Entry>[] = [
    {
      key: 'date',
      header: t('vendorLedger.date'),
      className: 'whitespace-nowrap',
      cell: (entry) => formatBusinessDate(entry.date, i18n.language),
    },
    { key: 'site', header: t('business.site'), cell: (entry) => entry.site_name },
    { key: 'what', header: t('vendorLedger.type'), cell: what },
    { key: 'debit', header: t('vendorLedger.debit'), align: 'right', cell: (e) => money(e.debit) },
    {
      key: 'credit',
      header: t('vendorLedger.credit'),
      align: 'right',
      cell: (e) => money(e.credit),
    },
    {
      key: 'balance',
      header: t('vendorLedger.balance'),
      align: 'right',
      cell: (entry) => <span className="font-medium">{formatRupees(entry.balance)}</span>,
    },
  ];
  const mobileCard = (entry: Entry) => (
    <div className="space-y-2">
      <CardHead
        title={what(entry)}
        subtitle={`${formatBusinessDate(entry.date, i18n.language)} · ${entry.site_name}`}
      />
      {/* A phone has room for two figures: the entry's own (a debit or a credit) and the balance. */}
      <dl className="grid grid-cols-2 gap-x-4">
        <CardFigure
          label={t(entry.debit ? 'vendorLedger.debit' : 'vendorLedger.credit')}
          valueClassName={WHOLE}
        >
          {money(entry.debit || entry.credit)}
        </CardFigure>
        <CardFigure label={t('vendorLedger.balance')} valueClassName={WHOLE}>
          {formatRupees(entry.balance)}
        </CardFigure>
      </dl>
    </div>
  );
  return { columns, mobileCard };
}

export function VendorStatement({ statement }: { statement: VendorStatement }) {
  const { t } = useTranslation();
  const sites = useSiteColumns();
  const entries = useEntryColumns();
  const rows: Row[] = [
    ...statement.sites,
    { site: null, site_name: t('business.total'), ...statement.totals },
  ];
  return (
    <div className="space-y-4" data-testid="business-vendor-statement">
      <div>
        <h2 className="text-lg font-semibold text-fg" data-testid="business-vendor-party">
          {statement.party.name}
        </h2>
        {statement.party.gstin ? (
          <p className="font-mono text-sm text-fg-muted">{statement.party.gstin}</p>
        ) : null}
      </div>
      <DataTable
        columns={sites.columns}
        rows={rows}
        rowKey={(row) => row.site ?? 'total'}
        mobileCard={sites.mobileCard}
        label={t('business.vendor.bySite')}
        testId="business-vendor-sites"
        rowTestId={siteTestId}
      />
      <div className="pt-2">
        <h3 className="text-base font-semibold text-fg">{t('business.vendor.entries')}</h3>
        <p className="text-sm text-fg-muted" data-testid="business-vendor-range">
          {t('vendorLedger.range', {
            opening: formatRupees(statement.opening_balance),
            closing: formatRupees(statement.closing_balance),
          })}
        </p>
      </div>
      <DataTable
        columns={entries.columns}
        rows={statement.entries}
        rowKey={(entry) => `${entry.site}-${entry.id}`}
        mobileCard={entries.mobileCard}
        label={t('business.vendor.entries')}
        testId="business-vendor-entries"
        empty={
          <EmptyState
            icon={<ScrollText aria-hidden="true" />}
            title={t('vendorLedger.empty')}
            description={t('vendorLedger.emptyHint')}
          />
        }
      />
    </div>
  );
}
