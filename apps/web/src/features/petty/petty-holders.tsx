/**
 * Owners' and accountants' view above the expenses: each holder's cash in hand in one line
 * (the Imprests tab has the rest). Kept short so the phone's list stays in view.
 */
import { formatInr, toPaise, type Imprest } from '@siteledger/domain';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CashAmount } from './petty-balance-card';

export function PettyHolders({ imprests }: { imprests: readonly Imprest[] }) {
  const { t } = useTranslation();
  if (imprests.length === 0) return null;
  return (
    <section
      className="mb-4 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4"
      data-testid="petty-holders"
      data-tour="petty-balance"
    >
      <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold text-fg">
        <Wallet className="size-4 text-fg-muted" aria-hidden="true" />
        {t('petty.holders.title')}
      </h2>
      <ul className="divide-y divide-border text-sm">
        {imprests.map((imprest) => (
          <li
            key={imprest.id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5"
            data-testid={`petty-holder-${imprest.id}`}
          >
            <span className="min-w-0 truncate text-fg">
              {imprest.holder_name ?? t('petty.holders.unnamed')}
            </span>
            <span className="flex flex-wrap items-baseline gap-x-2 tabular-nums">
              {imprest.pending_spend > 0 ? (
                <span className="text-xs text-fg-muted">
                  {t('petty.holders.pending', {
                    amount: formatInr(toPaise(imprest.pending_spend)),
                  })}
                </span>
              ) : null}
              <span className="font-medium text-fg">
                <CashAmount paise={toPaise(imprest.balance)} owedKey="petty.holders.owed" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A supervisor with no petty cash on the site: who gives it. */
export function PettyNoImprest() {
  const { t } = useTranslation();
  return (
    <section
      className="rounded-2xl border border-dashed border-border bg-surface p-6 text-center"
      data-testid="petty-no-imprest"
    >
      <Wallet className="mx-auto mb-2 size-8 text-fg-subtle" aria-hidden="true" />
      <p className="font-medium text-fg">{t('petty.noImprest.title')}</p>
      <p className="mt-1 text-sm text-fg-muted">{t('petty.noImprest.description')}</p>
    </section>
  );
}
