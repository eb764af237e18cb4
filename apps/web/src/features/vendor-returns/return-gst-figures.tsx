/** A saved return's GST reversed, head by head, and what the vendor owes back (value + GST). */
import { formatInr, type VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { gstOf, headEntries, headsOf, owedPaise } from './return-gst';

type Figures = Pick<
  VendorReturn,
  'total_return_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount'
>;

/** Nothing when the return reverses no GST (its value is all that is owed). */
export function ReturnGstFigures({
  record,
  testId,
  className,
}: {
  record: Figures;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const heads = headsOf(record);
  if (gstOf(heads) === 0) return null;
  return (
    <dl
      className={cn(
        'divide-y divide-border rounded-xl border border-border px-3 text-sm',
        className,
      )}
      data-testid={`${testId}-gst`}
    >
      <div className="flex items-baseline justify-between gap-3 py-1.5">
        <dt className="text-fg-muted">{t('vendorReturns.fields.totalReturn')}</dt>
        <dd className="tabular-nums text-fg">{formatInr(owedPaise(record) - gstOf(heads))}</dd>
      </div>
      {headEntries(heads).map(({ head, paise }) => (
        <div key={head} className="flex items-baseline justify-between gap-3 py-1.5">
          <dt className="text-fg-muted">
            {t('vendorReturns.gst.headReversed', { head: t(`gst.heads.${head}`) })}
          </dt>
          <dd className="tabular-nums text-fg" data-testid={`${testId}-${head}`}>
            {formatInr(paise)}
          </dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-3 py-1.5">
        <dt className="font-medium text-fg">{t('vendorReturns.gst.toGetBack')}</dt>
        <dd className="font-semibold tabular-nums text-fg" data-testid={`${testId}-owed`}>
          {formatInr(owedPaise(record))}
        </dd>
      </div>
    </dl>
  );
}
