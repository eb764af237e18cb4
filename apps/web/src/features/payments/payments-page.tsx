import { ALLOCATION_STATES, type Payment } from '@siteledger/domain';
import { Wallet } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
import { QueuedRecords } from '../../components/queued-records';
import { useAccountList } from '../../lib/entity-options';
import { safeNextPath } from '../../lib/next-path';
import { useUrlOpener } from '../../lib/use-url-opener';
import { usePayments } from './api';
import { PaymentEditDialog } from './payment-edit-dialog';
import { PaymentFormDialog } from './payment-form-dialog';
import { PaymentViewDialog } from './payment-view-dialog';
import { usePaymentColumns } from './payments-columns';
import { useApplyAdvanceLink, type AdvanceTarget } from './use-apply-advance-link';
import { useCollectionPermissions } from '../../lib/role-rights';

const FILTERS = ['vendor', 'account', 'allocation_state'] as const;
const NAMES = { ns: 'payments', one: 'payment', many: 'payments' };
// ?new=1&vendor=…: the vendor is the form's, not the list's filter.
const OPENER_PARAMS = ['vendor', 'next'] as const;
const OPENER = { trigger: 'new', params: OPENER_PARAMS };

export function PaymentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Other pages link to the add form (?new=1, optionally &vendor=…); the link is read once, so a
  // reload does not open the form again. With &next=<path> (a page of this app) closing the form
  // goes back there, e.g. to the purchase order that asked for a payment to set aside (issue 38).
  const [opener, clearOpener] = useUrlOpener('new', OPENER_PARAMS);
  const [addOpen, setAddOpen] = useState(false);
  const setAdding = (open: boolean) => {
    const back = open ? null : safeNextPath(opener?.next ?? null);
    if (!open) clearOpener();
    setAddOpen(open);
    if (back) void navigate(back, { replace: true });
  };
  const page = useListPage<Payment>({
    names: NAMES,
    resource: 'payments',
    can: useCollectionPermissions('payments'),
    sort: '-payment_date',
    filters: FILTERS,
    opener: OPENER,
    onAdd: () => setAdding(true),
  });
  const { list, can } = page;
  const payments = usePayments(list.query);
  const accounts = useAccountList();
  const [viewing, setViewing] = useState<string | null>(null);
  // Putting a vendor's advance onto its dues: the edit of the payment that holds it.
  const [applying, setApplying] = useState<AdvanceTarget | null>(null);
  useApplyAdvanceLink(can.canUpdate, setApplying);
  const { columns, mobileCard } = usePaymentColumns();
  // Opened from the URL with the page: the list commits and paints first, the form a render later,
  // so their mounts (focus, scroll lock, list measuring) do not make one long task. Closing is not
  // deferred (e.g. "apply the advance" swaps this form for the edit form in one commit).
  const addRequested = (addOpen || opener?.new === '1') && page.canAdd;
  const adding = useDeferredValue(addRequested, false) && addRequested;

  return (
    <ListPage
      page={page}
      query={payments}
      columns={columns}
      mobileCard={mobileCard}
      onRowClick={(p) => setViewing(p.id)}
      emptyIcon={<Wallet />}
      tabs={<QueuedRecords collection="payments" />}
      dateRange
      filterBy={[
        entityFilter('vendor', 'vendors', { all: 'allVendors' }),
        selectFilter('account', accounts.options, { all: 'allAccounts' }),
        selectFilter(
          'allocation_state',
          ALLOCATION_STATES.map((s) => ({ value: s, label: t(`payments.state.${s}`) })),
          { id: 'state', label: 'allocation', all: 'allStates' },
        ),
      ]}
      dialogs={
        <>
          <PaymentFormDialog
            open={adding}
            onOpenChange={setAdding}
            vendorId={opener?.vendor}
            onApplyAdvance={
              can.canUpdate
                ? (paymentId) => {
                    // Not a close: the edit form takes over here, whatever page linked to it.
                    clearOpener();
                    setAddOpen(false);
                    setApplying({ paymentId, prefer: null });
                  }
                : undefined
            }
          />
          <PaymentEditDialog
            open={applying !== null}
            paymentId={applying?.paymentId ?? null}
            applyAdvance={applying ? { prefer: applying.prefer } : null}
            onOpenChange={(open) => (open ? undefined : setApplying(null))}
          />
          <PaymentViewDialog paymentId={viewing} onClose={() => setViewing(null)} />
        </>
      }
    />
  );
}
