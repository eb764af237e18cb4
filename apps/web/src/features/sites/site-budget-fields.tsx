/**
 * Budgets (issue 45), owners only: whether an order past its budget line is issued with a
 * warning or stopped for an owner to override, and the consumption percent that flags a
 * material line, and what supervisors see of the budget (names, or names and quantities).
 */
import { BUDGET_CONTROLS, SUPERVISOR_BUDGET_VIEWS } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import type { SiteForm } from './site-fields';

export function SiteBudgetFields({ form, testId }: { form: SiteForm; testId: string }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <section className="space-y-4 border-t border-border pt-4" data-testid={`${testId}-budget`}>
      <h3 className="text-sm font-semibold text-fg">{t('budgets.dashboard.title')}</h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label={t('budgets.settings.control')}
          hint={t('budgets.settings.controlHint')}
          options={BUDGET_CONTROLS.map((control) => ({
            value: control,
            label: t(`budgets.settings.${control}`),
          }))}
          error={fieldError(t, errors.budget_control)}
          data-testid={`${testId}-budget-control`}
          {...form.register('budget_control')}
        />
        <TextField
          type="number"
          inputMode="decimal"
          min={100}
          max={1000}
          step="any"
          label={t('budgets.settings.flagPercent')}
          hint={t('budgets.settings.flagPercentHint')}
          error={fieldError(t, errors.consumption_flag_percent)}
          data-testid={`${testId}-consumption-flag`}
          {...form.register('consumption_flag_percent', { valueAsNumber: true })}
        />
        <SelectField
          label={t('budgets.settings.supervisorView')}
          hint={t('budgets.settings.supervisorViewHint')}
          options={SUPERVISOR_BUDGET_VIEWS.map((view) => ({
            value: view,
            label: t(
              view === 'none'
                ? 'budgets.settings.supervisorViewNone'
                : 'budgets.settings.supervisorViewQuantities',
            ),
          }))}
          error={fieldError(t, errors.supervisor_budget_view)}
          data-testid={`${testId}-supervisor-budget-view`}
          {...form.register('supervisor_budget_view')}
        />
      </div>
    </section>
  );
}
