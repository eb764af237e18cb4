/**
 * "Statement": the holder's petty cash book over a period (this month unless another is picked)
 * as the server's PDF, to hand to the holder, or Excel, for the accountant.
 */
import type { Imprest } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDownloads } from '../../components/lines/report-downloads';
import { PeriodPicker } from '../../components/period-picker';
import { Dialog } from '../../components/ui/dialog';
import { monthOf, type Period } from '../../lib/month-period';
import { todayIso } from '../../lib/today';
import { fetchImprestStatement } from './petty-admin-api';

const FORMATS = ['pdf', 'xlsx'] as const;

export function PettyStatementDialog({
  imprest,
  onClose,
}: {
  imprest: Imprest | null;
  onClose: () => void;
}) {
  return imprest ? <StatementBody key={imprest.id} imprest={imprest} onClose={onClose} /> : null;
}

function StatementBody({ imprest, onClose }: { imprest: Imprest; onClose: () => void }) {
  const { t } = useTranslation();
  const today = todayIso();
  const [period, setPeriod] = useState<Period>(() => monthOf(today));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('pettyAdmin.statement.title', {
        name: imprest.holder_name ?? t('pettyAdmin.unknownHolder'),
      })}
      description={t('pettyAdmin.statement.description')}
      testId="petty-statement-dialog"
    >
      <div className="space-y-5">
        <PeriodPicker
          period={period}
          onChange={setPeriod}
          today={today}
          testId="petty-statement-period"
        />
        <ReportDownloads
          fetchFile={(siteId, format) =>
            fetchImprestStatement(siteId, imprest.id, format === 'xlsx' ? 'xlsx' : 'pdf', period)
          }
          formats={FORMATS}
          keys="pettyAdmin.statement.download"
          testId="petty-statement"
        />
      </div>
    </Dialog>
  );
}
