/**
 * /stock — the site's stock (issue 25): on hand by item with its value, low stock first, and the
 * tabs of what was used (/stock/consumption), moved between sites (/stock/transfers) and counted
 * (/stock/counts). Owners and supervisors record consumption (also offline) and transfers from
 * here and from the quick actions; accountants read.
 */
import { permissionsFor } from '@siteledger/domain';
import { ArrowLeftRight, ClipboardCheck, PackageMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueuedRecords } from '../../components/queued-records';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { useItemOptions } from '../../lib/entity-options';
import { useSession } from '../../lib/session';
import { ConsumptionFormDialog } from './consumption-form-dialog';
import { ConsumptionTab } from './consumption-tab';
import { CountsTab } from './counts-tab';
import { OnHandTab } from './on-hand-tab';
import { StockTabs, useStockTab } from './stock-tabs';
import { TransferFormDialog } from './transfer-form-dialog';
import { TransfersTab } from './transfers-tab';

const icon = 'size-4';

export function StockPage() {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const tab = useStockTab();
  const [consuming, setConsuming] = useState<{ item: string } | null>(null);
  const [transferring, setTransferring] = useState(false);
  const recordUse = (item = '') => setConsuming({ item });
  // Alt+Shift+N and the quick actions: a transfer on its tab, else a consumption.
  useAddAction(() => (tab === 'transfers' ? setTransferring(true) : recordUse()), can.canCreate);
  // The item picker's first page, kept for offline use (lib/offline-queue-lists.ts): a phone that
  // opened Stock can record consumption after the connection drops.
  useItemOptions({ enabled: can.canCreate });

  return (
    <div data-testid="page-stock" data-tour="stock-page">
      <PageHeader
        title={t('pages.stock.title')}
        subtitle={t('pages.stock.description')}
        actions={
          can.canCreate ? (
            <>
              <Link
                to="/stock/counts/new"
                className={buttonClasses('secondary', 'md')}
                data-testid="stock-count-start"
              >
                <ClipboardCheck className={icon} aria-hidden="true" />
                {t('stock.actions.count')}
              </Link>
              <ActionButtons
                actions={[
                  {
                    id: 'transfer',
                    when: true,
                    variant: 'secondary',
                    icon: ArrowLeftRight,
                    label: t('stock.actions.transfer'),
                    onClick: () => setTransferring(true),
                    testId: 'stock-transfer-add',
                  },
                  {
                    id: 'consumption',
                    when: true,
                    icon: PackageMinus,
                    label: t('stock.actions.recordConsumption'),
                    onClick: () => recordUse(),
                    testId: 'stock-consumption-add',
                  },
                ]}
              />
            </>
          ) : null
        }
      />
      <StockTabs tab={tab} />
      <QueuedRecords collection="stock_consumptions" />
      {tab === 'on-hand' ? <OnHandTab onRecordUse={can.canCreate ? recordUse : undefined} /> : null}
      {tab === 'consumption' ? (
        <ConsumptionTab onAdd={can.canCreate ? recordUse : undefined} />
      ) : null}
      {tab === 'transfers' ? (
        <TransfersTab onAdd={can.canCreate ? () => setTransferring(true) : undefined} />
      ) : null}
      {tab === 'counts' ? <CountsTab /> : null}
      <ConsumptionFormDialog
        open={consuming !== null}
        onOpenChange={(open) => (open ? undefined : setConsuming(null))}
        item={consuming?.item ?? ''}
      />
      <TransferFormDialog open={transferring} onOpenChange={setTransferring} />
    </div>
  );
}
