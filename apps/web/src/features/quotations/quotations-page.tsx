import { permissionsFor, type Quotation, type QuotationType } from '@siteledger/domain';
import { List, Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useDeleteQuotation } from './api';
import { compareType, QuotationCompare } from './quotation-compare';
import { QuotationFormDialog, type QuotationDefaults } from './quotation-form-dialog';
import { QuotationList } from './quotation-list';

type View = 'list' | 'compare';

/** Quotations: the list, and a side-by-side price comparison for one item or service. */
export function QuotationsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'compare' || params.has('compare') ? 'compare' : 'list';
  const remove = useDeleteQuotation();
  const [form, setForm] = useState<{ quotation: Quotation | null; defaults: QuotationDefaults }>();
  const [deleting, setDeleting] = useState<Quotation | null>(null);

  const openAdd = () => {
    const id = view === 'compare' ? (params.get('compare') ?? '') : '';
    const type = compareType(params);
    setForm({ quotation: null, defaults: id ? { quotation_type: type, [type]: id } : {} });
  };
  useAddAction(openAdd, can.canCreate);

  const showView = (next: View) =>
    setParams(next === 'compare' ? { view: 'compare' } : {}, { replace: false });
  const compare = (type: QuotationType, id: string) =>
    setParams({
      view: 'compare',
      compare: id,
      ...(type === 'service' ? { compareType: type } : {}),
    });

  const tabs: { value: View; label: string; icon: typeof List }[] = [
    { value: 'list', label: t('quotations.tabs.list'), icon: List },
    { value: 'compare', label: t('quotations.tabs.compare'), icon: Scale },
  ];

  return (
    <div data-testid="page-quotations" data-tour="quotations-page">
      <PageHeader
        title={t('pages.quotations.title')}
        subtitle={t('pages.quotations.description')}
        actions={
          can.canCreate ? (
            <Button
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={openAdd}
              data-testid="quotation-add"
            >
              {t('quotations.add')}
            </Button>
          ) : null
        }
      />
      <div
        role="tablist"
        aria-label={t('quotations.tabs.label')}
        data-tour="quotations-tabs"
        className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1 sm:inline-grid"
      >
        {tabs.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={view === value}
            onClick={() => showView(value)}
            className={cn(
              'flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
              view === value ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
            )}
            data-testid={`quotations-tab-${value}`}
          >
            <Icon className={cn('size-4', view === value && 'text-primary')} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>

      {view === 'compare' ? (
        <QuotationCompare
          can={can}
          onAdd={(defaults) => setForm({ quotation: null, defaults })}
          onEdit={(quotation) => setForm({ quotation, defaults: {} })}
        />
      ) : (
        <QuotationList
          can={can}
          onAdd={openAdd}
          onEdit={(quotation) => setForm({ quotation, defaults: {} })}
          onDelete={(quotation) => {
            remove.reset();
            setDeleting(quotation);
          }}
          onCompare={compare}
        />
      )}

      <QuotationFormDialog
        open={form !== undefined}
        onOpenChange={(open) => !open && setForm(undefined)}
        quotation={form?.quotation ?? null}
        defaults={form?.defaults ?? {}}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('quotations.delete.title')}
        description={t('quotations.delete.description', {
          vendor: deleting?.expand?.vendor?.name ?? '',
          name:
            (deleting?.quotation_type === 'item'
              ? deleting.expand?.item?.name
              : deleting?.expand?.service?.name) ?? '',
        })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('quotations.toast.deleted'));
            },
          });
        }}
        testId="quotation-delete-dialog"
      />
    </div>
  );
}
