import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatRupees } from '../../lib/format';
import { signedQuantity, type CountDifference } from './count-form';
import { signedClass } from './stock-labels';

/** Before saving: each counted item's difference and its value, the total, and Save. */
export function CountDifferences({
  lines,
  totalValue,
  error,
  busy,
  onSave,
}: {
  lines: CountDifference[];
  totalValue: number;
  error: string | undefined;
  busy: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const changed = lines.filter((line) => line.difference !== 0);
  return (
    <Card className="md:sticky md:bottom-4" data-testid="count-differences">
      <CardHeader>
        <CardTitle>{t('stock.count.differencesTitle')}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted">
          {t('stock.count.differencesSummary', {
            count: lines.length,
            changed: changed.length,
            amount: formatRupees(totalValue),
          })}
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        {changed.length > 0 ? (
          <ul className="space-y-1.5 text-sm">
            {changed.map((line) => (
              <li key={line.item} className="flex justify-between gap-3">
                <span className="min-w-0 truncate text-fg">{line.name}</span>
                <span className="flex gap-3 whitespace-nowrap">
                  <span className={signedClass(line.difference)}>
                    {signedQuantity(line.difference, line.unit)}
                  </span>
                  <span className={signedClass(line.value)}>{formatRupees(line.value)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p className="text-sm text-danger" role="alert" data-testid="count-error">
            {error}
          </p>
        ) : null}
        <Button
          size="lg"
          className="w-full sm:w-auto"
          icon={<ClipboardCheck className="size-4" aria-hidden="true" />}
          loading={busy}
          onClick={onSave}
          data-testid="count-save"
        >
          {t('stock.count.save')}
        </Button>
      </CardBody>
    </Card>
  );
}
