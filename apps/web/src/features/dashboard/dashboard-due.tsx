/**
 * Issue 43's reminders for the financial roles: TDS deducted in earlier months and not yet
 * deposited (due by the 7th), and retention on work orders falling due within 30 days. Each card
 * shows only when there is something to do, and leads to the page where it is done (the TDS
 * register; the Work orders page's "Retention due" tab).
 */
import { Landmark, Unlock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import type { useDashboard } from './api';
import { StatCard } from './stat-card';

export function DashboardDue({ summary }: { summary: ReturnType<typeof useDashboard> }) {
  const { t, i18n } = useTranslation();
  const data = summary.data;
  if (!data || (data.tds_to_deposit <= 0 && data.retention_due <= 0)) return null;
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  const link =
    'block rounded-2xl focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';
  return (
    <section aria-label={t('dashboard.due.title')} className="grid gap-4 sm:grid-cols-2">
      {data.tds_to_deposit > 0 ? (
        <Link to="/tds" className={link}>
          <StatCard
            testId="dashboard-card-tds-to-deposit"
            label={t('dashboard.due.tds')}
            value={formatRupees(data.tds_to_deposit)}
            caption={t('dashboard.due.tdsBy', { date: date(data.tds_due_date) })}
            icon={Landmark}
            tone="orange"
            loading={false}
          />
        </Link>
      ) : null}
      {data.retention_due > 0 ? (
        <Link to="/work-orders?tab=retention" className={link}>
          <StatCard
            testId="dashboard-card-retention-due"
            label={t('dashboard.due.retention')}
            value={formatRupees(data.retention_due)}
            caption={t('dashboard.due.retentionBy', { date: date(data.retention_due_date) })}
            icon={Unlock}
            tone="violet"
            loading={false}
          />
        </Link>
      ) : null}
    </section>
  );
}
