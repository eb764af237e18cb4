/**
 * "Notices" (API.md "Notices (issue 47)"): per kind, whether the person hears of it by mail and
 * by WhatsApp, and the amount above which a bill is noticed. Each switch saves at once; WhatsApp
 * is offered only when the server sends it and the profile has a phone. Above them, the language
 * the notices come in.
 */
import type { NoticePreferencesUpdate } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { Button } from '../../components/ui/button';
import { FailureAlert } from '../../components/ui/failure-alert';
import { moneySchema, MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import { SectionCard } from '../../components/ui/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { useNotices, useSaveNotices } from './notices-api';
import { NoticesLanguage } from './notices-language';

export function NoticesCard() {
  const { t } = useTranslation();
  const notices = useNotices();
  const save = useSaveNotices();
  const toast = useToast();
  const update = (change: NoticePreferencesUpdate) =>
    save.mutate(change, {
      onSuccess: () => toast.success(t('notices.saved')),
      onError: () => toast.error(t('notices.saveFailed')),
    });

  return (
    <SectionCard testId="settings-notices" texts="notices" bodyClassName="space-y-4">
      {notices.isError ? (
        <FailureAlert failed={notices} testId="notices-load-failed" />
      ) : !notices.data ? (
        <Skeleton className="h-40" />
      ) : (
        <>
          {!notices.data.whatsapp_available ? (
            <p className="text-sm text-fg-muted" data-testid="notices-whatsapp-off">
              {t('notices.whatsappOff')}
            </p>
          ) : !notices.data.has_phone ? (
            <p className="text-sm text-fg-muted" data-testid="notices-no-phone">
              {t('notices.noPhone')}
            </p>
          ) : null}
          <NoticesLanguage
            saved={notices.data.language}
            saving={save.isPending}
            onUse={(language) => update({ language })}
          />
          <ul className="space-y-4">
            {notices.data.items.map((item) => (
              <li key={item.kind} className="space-y-2" data-testid={`notices-${item.kind}`}>
                <div>
                  <p className="text-sm font-medium text-fg">
                    {t(`notices.kinds.${item.kind}.label`)}
                  </p>
                  <p className="text-xs text-fg-muted">{t(`notices.kinds.${item.kind}.hint`)}</p>
                </div>
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  <ActiveSwitch
                    label={t('notices.mail')}
                    checked={item.mail}
                    disabled={save.isPending}
                    onChange={(e) =>
                      update({ items: [{ kind: item.kind, mail: e.target.checked }] })
                    }
                    data-testid={`notices-${item.kind}-mail`}
                  />
                  {notices.data.whatsapp_available && notices.data.has_phone ? (
                    <ActiveSwitch
                      label={t('notices.whatsapp')}
                      checked={item.whatsapp}
                      disabled={save.isPending}
                      onChange={(e) =>
                        update({ items: [{ kind: item.kind, whatsapp: e.target.checked }] })
                      }
                      data-testid={`notices-${item.kind}-whatsapp`}
                    />
                  ) : null}
                </div>
                {item.kind === 'bill_over_amount' ? (
                  <AmountForm
                    key={item.amount ?? ''}
                    amount={item.amount ?? 0}
                    saving={save.isPending}
                    onSave={(amount) => update({ items: [{ kind: item.kind, amount }] })}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </SectionCard>
  );
}

const amountSchema = moneySchema();

function AmountForm({
  amount,
  saving,
  onSave,
}: {
  amount: number;
  saving: boolean;
  onSave: (amount: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(amount));
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = amountSchema.safeParse(parseDecimalInput(text));
        if (!parsed.success) {
          setError(t(parsed.error.issues[0]?.message ?? 'validation.required'));
          return;
        }
        setError(undefined);
        onSave(parsed.data);
      }}
    >
      <MoneyField
        label={t('notices.amount')}
        hint={t('notices.amountHint')}
        error={error}
        value={text}
        onChange={(e) => setText(e.target.value)}
        containerClassName="min-w-0 flex-1 basis-48"
        data-testid="notices-amount"
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={saving}
        className="min-h-11"
        data-testid="notices-amount-save"
      >
        {t('notices.saveAmount')}
      </Button>
    </form>
  );
}
