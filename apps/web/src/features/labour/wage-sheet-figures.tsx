/**
 * A wage sheet's key figures: man-days, gross, advances deducted and net; a labour contractor's
 * sheet (a bill of that vendor) adds the TDS, what it owes, what was paid and its payment state,
 * and says that it is paid through Payments.
 */
import type { WageSheet } from '@siteledger/domain';
import {
  Banknote,
  CalendarCheck,
  HandCoins,
  Landmark,
  ReceiptIndianRupee,
  Wallet,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FigureCards, type FigureCardProps } from '../../components/record-detail/figure-card';
import { formatBusinessDate } from '../../lib/dates';
import { formatQuantity } from '../../lib/quantity-format';
import { rupees } from './wage-sheet-labels';
import { isContractorSheet } from './wage-sheet-rules';

export function WageSheetFigures({ sheet }: { sheet: WageSheet }) {
  const { t, i18n } = useTranslation();
  const contractor = isContractorSheet(sheet);
  const cards: FigureCardProps[] = [
    {
      label: t('wageSheets.figures.manDays'),
      value: formatQuantity(sheet.man_days),
      caption: t('wageSheets.figures.otHours', { hours: formatQuantity(sheet.ot_hours) }),
      icon: CalendarCheck,
      tone: 'blue',
      testId: 'ws-figure-man-days',
    },
    {
      label: t('wageSheets.figures.gross'),
      value: rupees(sheet.gross),
      caption: t('wageSheets.figures.grossCaption', {
        wages: rupees(sheet.wages),
        ot: rupees(sheet.ot_amount),
        multiplier: formatQuantity(sheet.ot_multiplier),
      }),
      icon: ReceiptIndianRupee,
      tone: 'violet',
      testId: 'ws-figure-gross',
    },
    {
      label: t('wageSheets.figures.advances'),
      value: rupees(sheet.advances),
      caption: t('wageSheets.figures.advancesCaption'),
      icon: HandCoins,
      tone: 'orange',
      testId: 'ws-figure-advances',
    },
    {
      label: t('wageSheets.figures.net'),
      value: rupees(sheet.net),
      caption: sheet.payment_date
        ? t('wageSheets.figures.paidOn', {
            date: formatBusinessDate(sheet.payment_date, i18n.language),
          })
        : t('wageSheets.figures.netCaption'),
      icon: Wallet,
      tone: 'emerald',
      testId: 'ws-figure-net',
    },
  ];
  if (contractor) {
    cards.push(
      {
        label: t('wageSheets.figures.tds'),
        value: rupees(sheet.tds_amount),
        caption: sheet.tds_section
          ? t('wageSheets.figures.tdsSection', { section: sheet.tds_section })
          : t('wageSheets.figures.noTds'),
        icon: Landmark,
        tone: 'teal',
        testId: 'ws-figure-tds',
      },
      {
        label: t('wageSheets.figures.owed'),
        value: rupees(sheet.owed),
        caption: t('wageSheets.figures.paidSoFar', { amount: rupees(sheet.paid_amount) }),
        icon: Banknote,
        tone: 'orange',
        testId: 'ws-figure-owed',
      },
    );
  }
  return (
    <FigureCards
      label={t('wageSheets.figures.label')}
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      cards={cards}
    />
  );
}
