import { permissionsFor, type Quotation, type QuotationType } from '@siteledger/domain';
import { List, Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeleteConfirm, useDeleteTarget } from '../../components/list-page/delete-confirm';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
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
  const { role } = useSession();
  const can = permissionsFor(role);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'compare' || params.has('compare') ? 'compare' : 'list';
  const remove = useDeleteQuotation();
  const [form, setForm] = useState<{ quotation: Quotation | null; defaults: QuotationDefaults }>();
  const deleting = useDeleteTarget<Quotation>(remove);

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
            <ActionButtons
              actions={[
                {
                  id: 'add',
                  when: true,
                  icon: Plus,
                  label: t('quotations.add'),
                  onClick: openAdd,
                  testId: 'quotation-add',
                },
              ]}
            />
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
          onDelete={deleting.ask}
          onCompare={compare}
        />
      )}

      <QuotationFormDialog
        open={form !== undefined}
        onOpenChange={(open) => !open && setForm(undefined)}
        quotation={form?.quotation ?? null}
        defaults={form?.defaults ?? {}}
      />
      <DeleteConfirm
        target={deleting}
        mutation={remove}
        title={t('quotations.delete.title')}
        description={t('quotations.delete.description', {
          vendor: deleting.target?.expand?.vendor?.name ?? '',
          name:
            (deleting.target?.quotation_type === 'item'
              ? deleting.target.expand?.item?.name
              : deleting.target?.expand?.service?.name) ?? '',
        })}
        toastMessage={() => t('quotations.toast.deleted')}
        testId="quotation-delete-dialog"
      />
    </div>
  );
}
