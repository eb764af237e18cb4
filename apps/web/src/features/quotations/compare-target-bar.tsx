import type { QuotationType } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EntityPicker } from '../../components/pickers/entity-picker';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { quotationTargetOption } from './quotation-choices';
import { TypeToggle } from './type-toggle';

/** Chooses what to compare: item or service, which one, and offers to add a quote for it. */
export function CompareTargetBar({
  type,
  id,
  canCreate,
  onSelect,
  onAdd,
}: {
  type: QuotationType;
  id: string;
  canCreate: boolean;
  onSelect: (type: QuotationType, id: string) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 md:flex-row md:items-end">
        <div className="space-y-1.5 md:w-56">
          <p className="text-sm font-medium text-fg">{t('quotations.compare.compareFor')}</p>
          <TypeToggle
            value={type}
            onChange={(next) => onSelect(next, '')}
            label={t('quotations.compare.compareFor')}
            testId="compare-type"
          />
        </div>
        <EntityPicker
          key={type}
          entity={type === 'item' ? 'items' : 'services'}
          toOption={quotationTargetOption}
          look="select"
          label={t(`quotations.types.${type}`)}
          value={id}
          onChange={(next) => onSelect(type, next)}
          placeholder={t(`quotations.picker.choose.${type}`)}
          searchPlaceholder={t(`quotations.picker.searchTargets.${type}`)}
          emptyText={t(`quotations.picker.noTargets.${type}`)}
          noMatchText={t('quotations.picker.noMatch')}
          className="min-w-0 flex-1"
          testId="compare-target"
        />
        {id && canCreate ? (
          <Button
            variant="secondary"
            className="h-11 md:h-10"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={onAdd}
            data-testid="compare-add"
          >
            {t('quotations.compare.addQuote')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
