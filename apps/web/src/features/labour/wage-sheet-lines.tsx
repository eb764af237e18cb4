/**
 * A wage sheet's lines — per worker: trade, daily wage, man-days, overtime hours, wages, overtime
 * amount, gross, advances deducted and net — with the sheet's totals (the server's sums). A table
 * from 1280 px; below, one card per worker and a card of the totals, so a phone never scrolls
 * sideways (360 px in Hindi included).
 */
import type { WageSheet, WageSheetLine } from '@siteledger/domain';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import { LinesCard } from '../../components/record-detail/fact';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatQuantity } from '../../lib/quantity-format';
import { rupees } from './wage-sheet-labels';

type Figures = WageSheet['totals'];

/** The figure columns in order: their text key and how a line's (or the totals') value reads. */
export const LINE_FIGURES: readonly {
  key: string;
  value: (row: Figures) => string;
  minus?: boolean;
}[] = [
  { key: 'manDays', value: (row) => formatQuantity(row.man_days) },
  { key: 'otHours', value: (row) => formatQuantity(row.ot_hours) },
  { key: 'wages', value: (row) => rupees(row.wages) },
  { key: 'otAmount', value: (row) => rupees(row.ot_amount) },
  { key: 'gross', value: (row) => rupees(row.gross) },
  { key: 'advances', value: (row) => rupees(row.advances), minus: true },
  { key: 'net', value: (row) => rupees(row.net) },
];

const shown = (figure: (typeof LINE_FIGURES)[number], row: Figures) => {
  const text = figure.value(row);
  return figure.minus && row.advances !== 0 ? `− ${text}` : text;
};

export interface SlipAction {
  busy: string | null;
  download: (worker: string) => void;
}

export function WageSheetLines({ sheet, slips }: { sheet: WageSheet; slips: SlipAction }) {
  const { t } = useTranslation();
  const title = t('wageSheets.lines.title', { count: sheet.lines.length });
  return (
    <LinesCard title={title} bodyClassName="p-0 sm:p-0">
      <div className="hidden overflow-x-auto xl:block">
        <LinesTable sheet={sheet} slips={slips} label={title} />
      </div>
      <div className="grid grid-cols-1 gap-3 px-3 pb-3 sm:grid-cols-2 sm:px-6 sm:pb-6 lg:grid-cols-3 xl:hidden">
        {sheet.lines.map((line) => (
          <LineCard key={line.id} line={line} slips={slips} />
        ))}
        <TotalsCard totals={sheet.totals} />
      </div>
    </LinesCard>
  );
}

const cell = 'whitespace-nowrap px-2.5 py-3 text-right tabular-nums';

function LinesTable({
  sheet,
  slips,
  label,
}: {
  sheet: WageSheet;
  slips: SlipAction;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-sm" aria-label={label} data-testid="ws-lines-table">
      <thead>
        <tr className="border-b border-border text-xs uppercase tracking-wide text-fg-muted">
          <th className="py-2 pl-6 pr-2.5 text-left font-medium">{t('wageSheets.lines.name')}</th>
          <th className="px-2.5 py-2 text-left font-medium">{t('wageSheets.lines.trade')}</th>
          <th className={cn(cell, 'py-2 font-medium')}>{t('wageSheets.lines.dailyWage')}</th>
          {LINE_FIGURES.map((figure) => (
            <th key={figure.key} className={cn(cell, 'py-2 font-medium')}>
              {t(`wageSheets.lines.${figure.key}`)}
            </th>
          ))}
          <th className="py-2 pl-1 pr-4">
            <span className="sr-only">{t('wageSheets.lines.slip')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sheet.lines.map((line) => (
          <tr
            key={line.id}
            className="border-b border-border"
            data-testid={`ws-line-${line.worker}`}
          >
            <td className="py-3 pl-6 pr-2.5 font-medium text-fg">{line.name}</td>
            <td className="px-2.5 py-3 text-fg-muted">{line.trade}</td>
            <td className={cn(cell, 'text-fg-muted')}>{rupees(line.daily_wage)}</td>
            {LINE_FIGURES.map((figure) => (
              <td
                key={figure.key}
                className={cn(cell, figure.key === 'net' && 'font-semibold text-fg')}
              >
                {shown(figure, line)}
              </td>
            ))}
            <td className="py-1.5 pl-1 pr-4 text-right">
              <SlipButton line={line} slips={slips} iconOnly />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="bg-surface-muted/60 font-semibold text-fg" data-testid="ws-totals">
          <th scope="row" colSpan={3} className="px-6 py-3 text-left">
            {t('wageSheets.lines.totals')}
          </th>
          {LINE_FIGURES.map((figure) => (
            <td key={figure.key} className={cell} data-testid={`ws-total-${figure.key}`}>
              {shown(figure, sheet.totals)}
            </td>
          ))}
          <td />
        </tr>
      </tfoot>
    </table>
  );
}

/** One worker's wage slip; in the table only its icon (the label stays its accessible name). */
function SlipButton({
  line,
  slips,
  iconOnly = false,
}: {
  line: WageSheetLine;
  slips: SlipAction;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('wageSheets.lines.slipOf', { name: line.name });
  return (
    <Button
      variant="ghost"
      size={iconOnly ? 'icon' : 'sm'}
      loading={slips.busy === line.worker}
      disabled={slips.busy !== null}
      icon={<FileText className="size-4" aria-hidden="true" />}
      onClick={() => slips.download(line.worker)}
      aria-label={label}
      title={label}
      data-testid={`ws-slip-${line.worker}`}
    >
      {iconOnly ? null : t('wageSheets.lines.slip')}
    </Button>
  );
}

/** The figures of a card, two to a row; the net stands out. */
function FigureList({ row }: { row: Figures }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg bg-surface-muted/70 px-3 py-2.5 text-sm">
      {LINE_FIGURES.filter((figure) => figure.key !== 'net').map((figure) => (
        <CardFigure key={figure.key} label={t(`wageSheets.lines.${figure.key}`)}>
          {shown(figure, row)}
        </CardFigure>
      ))}
    </dl>
  );
}

function LineCard({ line, slips }: { line: WageSheetLine; slips: SlipAction }) {
  const { t } = useTranslation();
  return (
    <article
      className="min-w-0 space-y-2.5 rounded-xl border border-border p-3.5"
      data-testid={`ws-line-card-${line.worker}`}
    >
      {/* Not CardHead: a name wraps rather than being cut (two words of Hindi fill 360 px). */}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words text-base font-semibold text-fg">{line.name}</p>
          <p className="text-sm text-fg-muted">
            {t('wageSheets.lines.tradeAtWage', {
              trade: line.trade,
              wage: rupees(line.daily_wage),
            })}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs text-fg-muted">{t('wageSheets.lines.net')}</p>
          <p className="font-semibold tabular-nums text-fg">{rupees(line.net)}</p>
        </div>
      </div>
      <FigureList row={line} />
      <SlipButton line={line} slips={slips} />
    </article>
  );
}

function TotalsCard({ totals }: { totals: Figures }) {
  const { t } = useTranslation();
  return (
    <article
      className="min-w-0 space-y-2.5 rounded-xl border border-primary/30 bg-primary-soft/40 p-3.5"
      data-testid="ws-totals-card"
    >
      <CardHead
        title={t('wageSheets.lines.totals')}
        aside={
          <div className="shrink-0 text-right">
            <p className="text-xs text-fg-muted">{t('wageSheets.lines.net')}</p>
            <p className="font-semibold tabular-nums text-fg" data-testid="ws-totals-card-net">
              {rupees(totals.net)}
            </p>
          </div>
        }
      />
      <FigureList row={totals} />
    </article>
  );
}
