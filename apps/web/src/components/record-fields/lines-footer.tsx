import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../lib/form';
import { Button } from '../ui/button';

/**
 * Under a form's lines (deliveries, purchase orders, material requests, transfers): the error of
 * the list as a whole and the dashed "add a line" button. `testId` names both:
 * `<testId>-lines-error` and `<testId>-line-add`.
 */
export function LinesFooter({
  error,
  addLabel,
  onAdd,
  testId,
}: {
  error: string | undefined;
  addLabel: string;
  onAdd: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className="text-sm text-danger" role="alert" data-testid={`${testId}-lines-error`}>
          {fieldError(t, { message: error })}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="h-12 w-full border-dashed sm:h-11"
        icon={<Plus className="size-4" aria-hidden="true" />}
        onClick={onAdd}
        data-testid={`${testId}-line-add`}
      >
        {addLabel}
      </Button>
    </>
  );
}
