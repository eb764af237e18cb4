/**
 * The imprests (issue 46), for owners and accountants: each holder's cash with Replenish and the
 * statement, "Issue imprest" for owners, and the month's petty spend by cost head.
 */
import { isOwner, type Imprest } from '@siteledger/domain';
import { Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { useImprests } from '../../data/petty';
import { useSession } from '../../lib/session';
import { PettyImprestCard } from './petty-admin-imprest-card';
import { PettyIssueDialog } from './petty-admin-issue-dialog';
import { PettyReplenishDialog } from './petty-admin-replenish-dialog';
import { PettyStatementDialog } from './petty-admin-statement-dialog';
import { PettyReportByHead } from './petty-report-by-head';

export function PettyImprestsTab() {
  const { t } = useTranslation();
  const { role } = useSession();
  const owner = isOwner(role);
  // The server lets owners and accountants replenish (403 for supervisors).
  const canReplenish = owner || role === 'accountant';
  const imprests = useImprests({ perPage: 200, sort: '-issued_date' });
  const [issuing, setIssuing] = useState(false);
  const [replenishing, setReplenishing] = useState<Imprest | null>(null);
  const [statement, setStatement] = useState<Imprest | null>(null);
  const items = imprests.data?.items ?? [];

  return (
    <div className="space-y-6" data-testid="petty-imprests" data-tour="petty-imprests">
      {owner ? (
        <div className="flex justify-end">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setIssuing(true)}
            data-testid="petty-issue"
          >
            {t('pettyAdmin.imprests.issue')}
          </Button>
        </div>
      ) : null}
      <FailureAlert failed={imprests} testId="petty-imprests-error" />
      {imprests.isPending ? <Skeleton className="h-48 w-full rounded-2xl" /> : null}
      {imprests.isSuccess && items.length === 0 ? (
        <EmptyState
          icon={<Wallet aria-hidden="true" />}
          title={t('pettyAdmin.imprests.empty')}
          description={t(
            owner ? 'pettyAdmin.imprests.emptyOwner' : 'pettyAdmin.imprests.emptyHint',
          )}
          testId="petty-imprests-empty"
        />
      ) : null}
      {items.length > 0 ? (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="petty-imprests-list">
          {items.map((imprest) => (
            <PettyImprestCard
              key={imprest.id}
              imprest={imprest}
              canReplenish={canReplenish}
              onReplenish={() => setReplenishing(imprest)}
              onStatement={() => setStatement(imprest)}
            />
          ))}
        </ul>
      ) : null}
      <PettyReportByHead />
      <PettyIssueDialog open={issuing} onOpenChange={setIssuing} />
      <PettyReplenishDialog imprest={replenishing} onClose={() => setReplenishing(null)} />
      <PettyStatementDialog imprest={statement} onClose={() => setStatement(null)} />
    </div>
  );
}
