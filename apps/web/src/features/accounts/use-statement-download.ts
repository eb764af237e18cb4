import type { Account, StatementFormat } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { fetchDownload, saveFile } from '../../lib/downloads';
import { recordsPath, useSiteId } from '../../lib/site-records';
import type { DateRange } from './account-statement-range';

/** Downloads the account's statement for a period as CSV or PDF; says which one is running. */
export function useStatementDownload(
  account: Account,
  range: DateRange,
  valid: boolean,
  onDone: () => void,
) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: StatementFormat) => {
    if (!valid) return;
    setBusy(format);
    setError(null);
    try {
      const file = await fetchDownload(
        recordsPath(siteId, 'accounts', account.id, 'statement'),
        { format, from: range.from, to: range.to },
        `account-statement.${format}`,
      );
      saveFile(file);
      toast.success(t('exports.saved', { name: file.filename }));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(null);
    }
  };

  return { busy, error, download };
}
