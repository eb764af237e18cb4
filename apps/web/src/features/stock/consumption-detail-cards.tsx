import type { StockConsumption } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhotoGrid } from '../../components/photo-grid';
import { PhotoUploader } from '../../components/photo-uploader';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { useDeleteRecordFile } from '../../lib/files-api';
import { formatRupees } from '../../lib/format';
import { STOCK_CONSUMPTIONS } from './api';

export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-fg">{children}</dd>
    </div>
  );
}

/** The item (to its page), quantity, date, work, value and notes. */
export function ConsumptionFactsCard({ consumption }: { consumption: StockConsumption }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t('stock.fields.item')} testId="consumption-detail-item">
            <Link
              to={`/items/${consumption.item}`}
              className="font-medium hover:text-primary hover:underline"
            >
              {consumption.item_name}
            </Link>
          </Fact>
          <Fact label={t('stock.fields.quantity')} testId="consumption-detail-quantity">
            <span className="font-semibold tabular-nums">
              {formatQuantity(consumption.quantity, consumption.unit)}
            </span>
          </Fact>
          <Fact label={t('stock.fields.consumptionDate')}>
            {formatBusinessDate(consumption.consumption_date, i18n.language)}
          </Fact>
          <Fact label={t('stock.fields.usedFor')} testId="consumption-detail-used-for">
            {consumption.used_for ?? '—'}
          </Fact>
          <Fact label={t('stock.fields.value')} testId="consumption-detail-value">
            <span className="tabular-nums">{formatRupees(consumption.value)}</span>
          </Fact>
          {consumption.notes ? (
            <Fact label={t('stock.fields.notes')} testId="consumption-detail-notes">
              {consumption.notes}
            </Fact>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}

/** Photos of the work (a slab being poured, the empty bags): remove and add with `canUpdate`. */
export function ConsumptionPhotosCard({
  consumption,
  canUpdate,
}: {
  consumption: StockConsumption;
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const removePhoto = useDeleteRecordFile(STOCK_CONSUMPTIONS, consumption.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stock.consumptionDetail.photos')}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted">{t('stock.consumptionDetail.photosHint')}</p>
      </CardHeader>
      <CardBody className="space-y-4">
        {consumption.photos.length ? (
          <PhotoGrid
            names={consumption.photos}
            onRemove={canUpdate ? (name) => removePhoto.mutate(name) : undefined}
            removing={removePhoto.isPending ? removePhoto.variables : null}
            testId="consumption-photos"
          />
        ) : (
          <p className="text-sm text-fg-subtle">{t('stock.consumptionDetail.noPhotos')}</p>
        )}
        {canUpdate ? (
          <PhotoUploader
            collection={STOCK_CONSUMPTIONS}
            recordId={consumption.id}
            testId="consumption-photo-upload"
          />
        ) : null}
      </CardBody>
    </Card>
  );
}
