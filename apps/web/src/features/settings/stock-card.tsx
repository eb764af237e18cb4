/**
 * "Stock" (issue 25, API.md "Site stock"), owners only: whether consumption and transfers may
 * take an item's stock below zero, and the value above which a supervisor's count waits for an
 * owner's approval (empty: never). PATCH /api/sites/{id}; other members do not see it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Site } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import { useToast } from '../../components/ui/toast-context';
import { api } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError, saveErrorMessage } from '../../lib/form';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import {
  STOCK_FIELDS,
  stockFormValues,
  stockPatch,
  stockSettingsSchema,
  type StockInput,
  type StockPatch,
  type StockValues,
} from './stock-settings';

type StockSettings = Pick<Site, 'id'> & StockPatch;

function useSiteStock(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.site(siteId),
    queryFn: ({ signal }) =>
      api.get<StockSettings>(`/api/sites/${encodeURIComponent(siteId)}`, { signal }),
    enabled: Boolean(siteId) && enabled,
    staleTime: 60_000,
  });
}

function useSaveStock(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: StockPatch) =>
      api.patch<Site>(`/api/sites/${encodeURIComponent(siteId)}`, data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.site(siteId), exact: true }),
      ]),
  });
}

export function StockCard() {
  const { t } = useTranslation();
  const { siteId, role } = useSession();
  const owner = role === 'owner';
  const site = useSiteStock(siteId ?? '', owner);
  if (!owner || !siteId || !site.data) return null;
  return (
    <SectionCard
      testId="settings-stock"
      title={t('settings.stock.title')}
      description={t('settings.stock.description')}
    >
      <StockForm key={site.data.id} siteId={siteId} site={site.data} />
    </SectionCard>
  );
}

function StockForm({ siteId, site }: { siteId: string; site: StockSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveStock(siteId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<StockInput, unknown, StockValues>({
    resolver: zodResolver<StockInput, unknown, StockValues>(stockSettingsSchema),
    defaultValues: stockFormValues(site),
  });
  const formError = saveErrorMessage(t, save, errors);

  const submit = handleSubmit((values) => {
    const data = stockPatch(values);
    save.mutate(data, {
      onSuccess: () => {
        toast.success(t('settings.stock.saved'));
        reset(stockFormValues(data));
      },
      onError: (error) => applyServerFieldErrors(error, STOCK_FIELDS, setError),
    });
  });

  return (
    <form className="space-y-4" noValidate onSubmit={(event) => void submit(event)}>
      <ActiveSwitch
        label={t('settings.stock.allowNegative')}
        description={t('settings.stock.allowNegativeHint')}
        data-testid="settings-stock-allow-negative"
        {...register('allow_negative_stock')}
      />
      <MoneyField
        label={t('settings.stock.countThreshold')}
        optional
        hint={t('settings.stock.countThresholdHint')}
        error={fieldError(t, errors.stock_count_threshold)}
        data-testid="settings-stock-count-threshold"
        {...register('stock_count_threshold', { setValueAs: parseDecimalInput })}
      />
      {formError ? (
        <Alert tone="error" testId="settings-stock-error">
          {formError}
        </Alert>
      ) : null}
      <Button
        type="submit"
        loading={save.isPending}
        disabled={!isDirty}
        data-testid="settings-stock-save"
      >
        {t('settings.stock.save')}
      </Button>
    </form>
  );
}
