import type { AuditEntity, AuditEntry } from '@siteledger/domain';
import { ChevronRight, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAuditValue, humanizeField, useRecordHistory } from '../lib/audit-api';
import { errorMessage } from '../lib/api-client';
import { DATE_TIME, formatTimestamp } from '../lib/dates';
import { formatRupees } from '../lib/format';
import { Spinner } from './ui/spinner';

/**
 * A record's history (issue 10's audit trail): who changed what and when, with the old and new
 * value of each field. Closed at first; the trail is read when it is opened.
 *
 *   <RecordHistory entity="vendors" recordId={vendor.id} />
 */
export function RecordHistory({ entity, recordId }: { entity: AuditEntity; recordId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useRecordHistory(entity, recordId, open);
  return (
    <details
      className="group rounded-2xl border border-border bg-surface shadow-card"
      data-testid="record-history"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-2xl px-5 py-4 text-base font-semibold text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring">
        <History className="size-4 text-fg-muted" aria-hidden="true" />
        {t('audit.history.title')}
        <ChevronRight
          className="ml-auto size-4 text-fg-subtle transition-transform group-open:rotate-90"
          aria-hidden="true"
        />
      </summary>
      <div className="border-t border-border px-5 py-4">
        {history.isPending ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
            <Spinner className="size-4" />
            {t('common.loading')}
          </p>
        ) : history.isError ? (
          <p className="text-sm text-danger" role="alert">
            {errorMessage(history.error, t)}
          </p>
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('audit.history.empty')}</p>
        ) : (
          <ol className="space-y-4">
            {history.data.items.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

export function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const fields = Object.entries(entry.changes);
  return (
    <li className="space-y-2" data-testid="history-entry">
      <p className="text-sm">
        <span className="font-medium text-fg">{entry.user_name ?? t('audit.unknownUser')}</span>
        <span className="text-fg-muted">
          {' · '}
          {t(`audit.actions.${entry.action}`)}
          {' · '}
          <time dateTime={entry.at}>{formatTimestamp(entry.at, i18n.language, DATE_TIME)}</time>
        </span>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-fg-muted">
              <th scope="col" className="py-1 pr-4 font-semibold">
                {t('audit.history.field')}
              </th>
              {entry.action !== 'create' ? (
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {t('audit.history.old')}
                </th>
              ) : null}
              {entry.action !== 'delete' ? (
                <th scope="col" className="py-1 font-semibold">
                  {t('audit.history.new')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {fields.map(([field, change]) => (
              <tr key={field} className="border-t border-border align-top">
                <th scope="row" className="py-1.5 pr-4 text-left font-medium text-fg-muted">
                  {humanizeField(field)}
                </th>
                {entry.action !== 'create' ? (
                  <td className="py-1.5 pr-4 text-fg-muted line-through decoration-fg-subtle/60">
                    {formatAuditValue(field, change.old, formatRupees)}
                  </td>
                ) : null}
                {entry.action !== 'delete' ? (
                  <td className="py-1.5 text-fg">
                    {formatAuditValue(field, change.new, formatRupees)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}
