import type { Permissions, Quotation } from '@siteledger/domain';
import { Plus, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { CompareResults } from './compare-results';
import { CompareTargetBar } from './compare-target-bar';
import type { QuotationDefaults } from './quotation-form-dialog';
import { useQuotationCompare } from './use-quotation-compare';

export { compareType } from './use-quotation-compare';

interface CompareProps {
  can: Permissions;
  onAdd: (defaults: QuotationDefaults) => void;
  onEdit: (quotation: Quotation) => void;
}

/** One item's (or service's) quotations side by side, cheapest first, best live price marked. */
export function QuotationCompare({ can, onAdd, onEdit }: CompareProps) {
  const { t } = useTranslation();
  const { type, id, quotations, unit, name, select, rows, liveCount, best, highest } =
    useQuotationCompare();

  return (
    <div className="space-y-5" data-testid="quotation-compare">
      <CompareTargetBar
        type={type}
        id={id}
        canCreate={can.canCreate}
        onSelect={select}
        onAdd={() => onAdd({ quotation_type: type, [type]: id })}
      />

      {!id ? (
        <Card>
          <EmptyState
            icon={<Scale />}
            title={t('quotations.compare.pickTitle')}
            description={t('quotations.compare.pickDescription')}
            testId="compare-pick"
          />
        </Card>
      ) : quotations.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-2xl" />
          ))}
        </div>
      ) : quotations.isError ? (
        <Card>
          <EmptyState
            title={t('kit.table.loadFailed')}
            description={errorMessage(quotations.error, t)}
            action={
              <Button variant="secondary" onClick={() => void quotations.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Scale />}
            title={t('quotations.compare.noneTitle', { name })}
            description={t('quotations.compare.noneDescription')}
            action={
              can.canCreate ? (
                <Button
                  icon={<Plus className="size-4" aria-hidden="true" />}
                  onClick={() => onAdd({ quotation_type: type, [type]: id })}
                >
                  {t('quotations.add')}
                </Button>
              ) : null
            }
            testId="compare-empty"
          />
        </Card>
      ) : (
        <CompareResults
          name={name}
          unit={unit}
          rows={rows}
          liveCount={liveCount}
          best={best}
          highest={highest}
          canUpdate={can.canUpdate}
          onEdit={onEdit}
        />
      )}
    </div>
  );
}
