/** A wage sheet's status pill, its period and its payee as lists and its page show them. */
import {
  formatInr,
  toPaise,
  WAGE_SHEET_STATUSES,
  type WageSheet,
  type WageSheetStatus,
} from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DotPill } from '../../components/record-detail/dot-pill';
import type { SelectOption } from '../../components/ui/select-field';
import { formatBusinessDate } from '../../lib/dates';
import { useEntityRecords } from '../../lib/entity-options';

const TONES: Record<WageSheetStatus, { pill: string; dot: string }> = {
  draft: { pill: 'bg-surface-muted text-fg-muted ring-border', dot: 'bg-fg-subtle' },
  approved: { pill: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20', dot: 'bg-blue-500' },
  paid: { pill: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20', dot: 'bg-success' },
};

/** Rupees from the API as "₹1,23,456.00". */
export const rupees = (value: number): string => formatInr(toPaise(value));

export function sheetStatusOptions(t: TFunction): SelectOption[] {
  return WAGE_SHEET_STATUSES.map((status) => ({
    value: status,
    label: t(`wageSheets.status.${status}`),
  }));
}

export function WageSheetStatusBadge({
  status,
  testId,
}: {
  status: WageSheetStatus;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <DotPill pill={tone.pill} dot={tone.dot} testId={testId} data={{ 'data-status': status }}>
      {t(`wageSheets.status.${status}`)}
    </DotPill>
  );
}

/** "03 Nov 2026 – 09 Nov 2026". */
export function periodText(sheet: Pick<WageSheet, 'from' | 'to'>, language: string): string {
  return `${formatBusinessDate(sheet.from, language)} – ${formatBusinessDate(sheet.to, language)}`;
}

/** The labour contractor's name (once read), or "Own workers" for the site's own. */
export function payeeText(
  t: TFunction,
  sheet: Pick<WageSheet, 'labour_contractor'>,
  contractorName: string | undefined,
): string {
  if (sheet.labour_contractor === null) return t('wageSheets.ownWorkers');
  return contractorName ?? t('wageSheets.contractor');
}

/** Names the contractors of some sheets: from cached vendor lists, else read by id. */
export function useContractorNames(sheets: readonly Pick<WageSheet, 'labour_contractor'>[]) {
  const vendors = useEntityRecords(
    'vendors',
    sheets.map((sheet) => sheet.labour_contractor),
  );
  return (id: string | null): string | undefined =>
    vendors.find((vendor) => vendor.id === id)?.name;
}
