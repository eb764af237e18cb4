/**
 * /stock/:id — one consumption: the item and quantity used, the work, who recorded it, its value,
 * photos (owners and supervisors add them), edit, delete (owners) and its history.
 */
import { PageFrame } from '../../components/ui/page-frame';
import { DeleteConfirm } from '../../components/list-page/delete-confirm';
import { recordActions } from '../../components/record-detail/detail-actions';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useDetailPage } from '../../components/record-detail/use-record-detail';
import { RecordHistory } from '../../components/record-history';
import { RecordPhotosCard } from '../../components/record-photos-card';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { STOCK_CONSUMPTIONS, useDeleteStockConsumption, useStockConsumption } from './api';
import { ConsumptionFactsCard } from './consumption-detail-cards';
import { ConsumptionFormDialog } from './consumption-form-dialog';

export function ConsumptionDetailPage() {
  const page = useDetailPage(
    { useRecord: useStockConsumption, useDelete: useDeleteStockConsumption },
    { to: '/stock/consumption', labelKey: 'stock.consumptionDetail.back' },
  );
  const { record: consumption, editing, setEditing, confirm } = page;
  const { id, t, i18n, can, query, remove, back } = page;

  if (!consumption) {
    return (
      <RecordPending
        one="consumption"
        ns="stock.consumptions"
        query={query}
        back={back}
        block="h-32"
      />
    );
  }

  const date = formatBusinessDate(consumption.consumption_date, i18n.language);
  const quantity = formatQuantity(consumption.quantity, consumption.unit);
  return (
    <PageFrame
      testId="page-consumption-detail"
      title={
        <span data-testid="consumption-detail-title">
          {t('stock.consumptionDetail.title', { quantity, name: consumption.item_name })}
        </span>
      }
      subtitle={t('stock.consumptionDetail.subtitle', {
        name: consumption.created_by_name ?? '—',
        date,
      })}
      back={back}
      actions={recordActions({
        one: 'consumption',
        can,
        onEdit: () => setEditing(true),
        onDelete: () => confirm.ask(consumption),
      })}
    >
      <ConsumptionFactsCard consumption={consumption} />
      <RecordPhotosCard
        collection={STOCK_CONSUMPTIONS}
        record={consumption}
        canUpdate={can.canUpdate}
        keyPrefix="stock.consumptionDetail"
        testId="consumption"
      />
      <ConsumptionFormDialog open={editing} onOpenChange={setEditing} consumption={consumption} />
      <DeleteConfirm
        target={confirm}
        mutation={remove}
        title={t('stock.consumptionDelete.title')}
        description={t('stock.consumptionDelete.description', {
          quantity,
          name: consumption.item_name,
          date,
        })}
        toastMessage={() => t('stock.toast.consumptionDeleted')}
        leaveTo="/stock/consumption"
        testId="consumption-delete-dialog"
      />
      <RecordHistory entity="stock_consumptions" recordId={id} />
    </PageFrame>
  );
}
