import { Check, Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { useToast } from '../../components/ui/toast-context';
import { saveFile } from '../../lib/downloads';

/**
 * The recovery codes, shown once (the server keeps only their hashes): copy them, download them
 * as a text file, and say they are saved to close the panel.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = [
    t('profile.twoStep.codes.fileHeading', { email }),
    t('profile.twoStep.codes.fileNote'),
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => toast.success(t('profile.twoStep.codes.copied')))
      .catch(() => toast.error(t('errors.generic')));
  };

  const download = () =>
    saveFile({
      blob: new Blob([text], { type: 'text/plain;charset=utf-8' }),
      filename: 'siteledger-recovery-codes.txt',
    });

  return (
    <div className="space-y-4" data-testid="two-step-recovery-codes">
      <Alert tone="info" title={t('profile.twoStep.codes.title')}>
        {t('profile.twoStep.codes.description')}
      </Alert>
      <ol className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-surface-muted/70 px-4 py-3 font-mono text-sm text-fg">
        {codes.map((code) => (
          <li key={code} className="tracking-wider" data-testid="two-step-recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <ActionButtons
          actions={[
            {
              id: 'copy',
              when: true,
              variant: 'secondary',
              icon: Copy,
              label: t('profile.twoStep.codes.copy'),
              onClick: copy,
            },
            {
              id: 'download',
              when: true,
              variant: 'secondary',
              icon: Download,
              label: t('profile.twoStep.codes.download'),
              onClick: download,
              testId: 'two-step-codes-download',
            },
            {
              id: 'saved',
              when: true,
              className: 'sm:ml-auto',
              icon: Check,
              label: t('profile.twoStep.codes.saved'),
              onClick: onDone,
              testId: 'two-step-codes-saved',
            },
          ]}
        />
      </div>
    </div>
  );
}
