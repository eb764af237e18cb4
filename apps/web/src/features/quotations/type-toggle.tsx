import { QUOTATION_TYPES, type QuotationType } from '@siteledger/domain';
import { Package, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { cn } from '../../lib/cn';

const icons = { item: Package, service: Wrench } as const;

/** Item | Service as a two-way segmented radio group (arrow keys switch). */
export function TypeToggle({
  value,
  onChange,
  label,
  className,
  testId = 'quotation-type',
}: {
  value: QuotationType;
  onChange: (value: QuotationType) => void;
  label: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedToggle
      value={value}
      onChange={onChange}
      label={label}
      className={className}
      testId={testId}
      segments={QUOTATION_TYPES.map((type) => {
        const Icon = icons[type];
        return {
          value: type,
          label: t(`quotations.types.${type}`),
          icon: (checked: boolean) => (
            <Icon className={cn('size-4', checked && 'text-primary')} aria-hidden="true" />
          ),
        };
      })}
    />
  );
}
