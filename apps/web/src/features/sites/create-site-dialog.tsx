import type { Site } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { CreateSiteForm } from './create-site-form';

export function CreateSiteDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (site: Site) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sites.create.title')}
      description={t('sites.create.subtitle')}
      testId="create-site-dialog"
    >
      {open ? <CreateSiteForm onCreated={onCreated} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
