import type { AuditEntry } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/ui/data-table';
import { recordHref } from '../../lib/audit-api';
import { DATE_TIME, formatTimestamp } from '../../lib/dates';

/** The activity table's columns: when, who, what was done, to which record, how many fields. */
export function useActivityColumns(): DataTableColumn<AuditEntry>[] {
  const { t, i18n } = useTranslation();

  const recordCell = (entry: AuditEntry) => {
    const href = entry.action === 'delete' ? null : recordHref(entry.entity, entry.record_id);
    const label = t(`audit.entities.${entry.entity}`);
    return href ? (
      <Link to={href} className="font-medium text-primary hover:text-primary-hover">
        {label}
      </Link>
    ) : (
      <span className="font-medium text-fg">{label}</span>
    );
  };

  return [
    {
      key: 'at',
      header: t('audit.log.when'),
      cell: (e) => (
        <time dateTime={e.at} className="whitespace-nowrap">
          {formatTimestamp(e.at, i18n.language, DATE_TIME)}
        </time>
      ),
    },
    { key: 'user', header: t('audit.log.who'), cell: (e) => e.user_name ?? t('audit.unknownUser') },
    { key: 'action', header: t('audit.log.action'), cell: (e) => t(`audit.actions.${e.action}`) },
    { key: 'record', header: t('audit.log.record'), cell: recordCell },
    {
      key: 'fields',
      header: t('audit.log.fields'),
      hideBelow: 'lg',
      cell: (e) => (
        <span className="text-fg-muted">{Object.keys(e.changes).length.toString()}</span>
      ),
    },
  ];
}
