import { CalendarCheck, CheckCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The quick fills of the unmarked rows, and "Add from another site". */
export function MusterActions({
  onSameAsYesterday,
  onAllPresent,
  onLend,
  disabled,
}: {
  onSameAsYesterday: () => void;
  onAllPresent: () => void;
  onLend: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const icon = 'size-4';
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <Button
        variant="secondary"
        className="min-w-0 whitespace-normal px-2 leading-tight"
        icon={<CalendarCheck className={icon} aria-hidden="true" />}
        onClick={onSameAsYesterday}
        disabled={disabled}
        data-testid="muster-same-as-yesterday"
      >
        {t('labour.muster.sameAsYesterday')}
      </Button>
      <Button
        variant="secondary"
        className="min-w-0 whitespace-normal px-2 leading-tight"
        icon={<CheckCheck className={icon} aria-hidden="true" />}
        onClick={onAllPresent}
        disabled={disabled}
        data-testid="muster-all-present"
      >
        {t('labour.muster.allPresent')}
      </Button>
      <Button
        variant="ghost"
        className="col-span-2 min-w-0 whitespace-normal px-2 leading-tight sm:col-span-1"
        icon={<UserPlus className={icon} aria-hidden="true" />}
        onClick={onLend}
        data-testid="muster-lend"
      >
        {t('labour.muster.addFromOtherSite')}
      </Button>
    </div>
  );
}
