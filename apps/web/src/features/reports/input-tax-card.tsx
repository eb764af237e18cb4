/**
 * "Input tax (GSTR-3B table 4)": the period's input tax as the return's table 4 reads it, with the
 * site's choice — GST claimed as credit, or added to cost — said in plain words.
 */
import type { InputTaxSummary } from '@siteledger/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { useMediaQuery } from '../../components/ui/data-table';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { FiguresTable } from './figures-table';

// 4(A)(3) (issue 40 item 10): tax paid under reverse charge, apart from 4(A)(5).
const SECTIONS = [
  'reverse_charge_itc',
  'all_other_itc',
  'reversed_section_17_5',
  'net_itc',
  // 4(D)(2) (issue 40 item 5): tax whose place of supply is another state, never in 4(A).
  'ineligible_pos',
] as const;
const TAX_HEADS = ['integrated_tax', 'central_tax', 'state_tax', 'cess'] as const;

export function InputTaxCard({ summary }: { summary: InputTaxSummary }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)');
  const mode = summary.input_tax_mode;
  // Each bill counts by the mode it was recorded with (issue 40): a period across a switch of the
  // site's mode has tax both reversed and claimed.
  const some = (h: InputTaxSummary['net_itc']) => TAX_HEADS.some((head) => h[head] !== 0);
  const mixed = some(summary.reversed_section_17_5) && some(summary.net_itc);
  const section = (key: (typeof SECTIONS)[number]) => (
    <>
      <span className="font-mono text-xs text-fg-muted">{t(`reports.inputTax.codes.${key}`)}</span>{' '}
      <span className="font-medium text-fg">{t(`reports.inputTax.sections.${key}`)}</span>
    </>
  );

  return (
    <Card data-testid="register-input-tax">
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('reports.inputTax.title')}</CardTitle>
          <span data-testid="register-input-tax-mode">
            <Badge tone={mode === 'claim' ? 'success' : 'neutral'} className="whitespace-nowrap">
              {t(`reports.inputTax.modes.${mode}.badge`)}
            </Badge>
          </span>
        </div>
        <p className="text-sm leading-relaxed text-fg-muted" data-testid="register-input-tax-text">
          {mixed ? t('reports.inputTax.mixed') : t(`reports.inputTax.modes.${mode}.explain`)}
        </p>
        <p className="text-sm text-fg-muted">
          {t('reports.inputTax.changeHint')}{' '}
          <Link
            to="/settings"
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            {t('reports.inputTax.settings')}
          </Link>
        </p>
      </CardHeader>
      <CardBody>
        {wide ? (
          <FiguresTable
            firstHeader={t('reports.inputTax.details')}
            headers={TAX_HEADS.map((head) => ({
              key: head,
              label: t(`reports.inputTax.heads.${head}`),
            }))}
          >
            {SECTIONS.map((key) => (
              <tr
                key={key}
                className={cn(
                  'border-b border-border last:border-0',
                  key === 'net_itc' && 'bg-surface-muted/60 font-semibold',
                )}
                data-testid={`register-input-tax-${key}`}
              >
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {section(key)}
                </th>
                {TAX_HEADS.map((head) => (
                  <td
                    key={head}
                    className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-fg"
                    data-testid={`register-input-tax-${key}-${head}`}
                  >
                    {formatRupees(summary[key][head])}
                  </td>
                ))}
              </tr>
            ))}
          </FiguresTable>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border text-sm">
            {SECTIONS.map((key) => (
              <li
                key={key}
                className={cn('px-3 py-2.5', key === 'net_itc' && 'bg-surface-muted/60')}
                data-testid={`register-input-tax-${key}`}
              >
                <p>{section(key)}</p>
                <dl className="mt-1.5 grid grid-cols-2 gap-x-4 gap-y-1">
                  {TAX_HEADS.map((head) => (
                    <div key={head} className="flex items-baseline justify-between gap-2">
                      <dt className="text-fg-muted">{t(`reports.inputTax.headsShort.${head}`)}</dt>
                      <dd
                        className="tabular-nums text-fg"
                        data-testid={`register-input-tax-${key}-${head}`}
                      >
                        {formatRupees(summary[key][head])}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
