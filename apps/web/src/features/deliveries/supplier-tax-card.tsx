/**
 * "Match the supplier's invoice" (issue 40): per GST rate, the CGST/SGST/IGST printed on the
 * supplier's invoice may replace the worked-out heads when each is within ₹1.00 of them (credit
 * is what the supplier charged). Shows each rate's worked-out and set figures; whoever may edit
 * the delivery sets or clears them (PATCH …/deliveries/{id} `tax_overrides`).
 */
import {
  formatInr,
  toPaise,
  type Delivery,
  type DeliveryUpdate,
  type TaxOverride,
} from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useUpdateDelivery } from './api';

const HEADS = ['cgst_amount', 'sgst_amount', 'igst_amount'] as const;
type Head = (typeof HEADS)[number];
const LABELS: Record<Head, string> = {
  cgst_amount: 'gst.heads.cgst',
  sgst_amount: 'gst.heads.sgst',
  igst_amount: 'gst.heads.igst',
};

interface RateHeads {
  rate: number;
  computed: Record<Head, number>;
  set: Record<Head, number> | null;
}

/** Each rate of the bill's lines with its worked-out heads (paise) and any set figures. */
export function rateHeads(delivery: Delivery): RateHeads[] {
  const map = new Map<number, Record<Head, number>>();
  for (const line of delivery.delivery_items ?? []) {
    if (line.gst_rate === null) continue;
    const sum = map.get(line.gst_rate) ?? { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 };
    for (const head of HEADS) sum[head] += toPaise(line[head]);
    map.set(line.gst_rate, sum);
  }
  return [...map.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, computed]) => {
      const found = delivery.tax_overrides.find((o) => o.gst_rate === rate);
      const set = found
        ? {
            cgst_amount: toPaise(found.cgst_amount),
            sgst_amount: toPaise(found.sgst_amount),
            igst_amount: toPaise(found.igst_amount),
          }
        : null;
      return { rate, computed, set };
    });
}

type Draft = Record<string, Record<Head, string>>;

const text = (paise: number) => (paise / 100).toFixed(2);

function draftOf(rates: RateHeads[]): Draft {
  return Object.fromEntries(
    rates.map((r) => {
      const from = r.set ?? r.computed;
      return [
        String(r.rate),
        {
          cgst_amount: text(from.cgst_amount),
          sgst_amount: text(from.sgst_amount),
          igst_amount: text(from.igst_amount),
        },
      ];
    }),
  );
}

/** The overrides to send: the rates whose typed figures differ from the worked-out ones. */
function overridesOf(rates: RateHeads[], draft: Draft): TaxOverride[] {
  const out: TaxOverride[] = [];
  for (const r of rates) {
    const typed = draft[String(r.rate)];
    if (!typed) continue;
    const figures = HEADS.map((head) => parseDecimalInput(typed[head]) ?? 0);
    const differs = HEADS.some((head, i) => toPaise(figures[i] ?? 0) !== r.computed[head]);
    if (!differs) continue;
    out.push({
      gst_rate: r.rate as TaxOverride['gst_rate'],
      cgst_amount: figures[0] ?? 0,
      sgst_amount: figures[1] ?? 0,
      igst_amount: figures[2] ?? 0,
    });
  }
  return out;
}

export function SupplierTaxCard({ delivery, canEdit }: { delivery: Delivery; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateDelivery();
  const rates = rateHeads(delivery);
  const [draft, setDraft] = useState<Draft | null>(null);
  if (rates.length === 0) return null;

  const save = (overrides: TaxOverride[]) => {
    const data: DeliveryUpdate = { tax_overrides: overrides };
    update.mutate(
      { id: delivery.id, data },
      {
        onSuccess: () => {
          toast.success(
            t(overrides.length ? 'gst.supplierDocs.matchSaved' : 'gst.supplierDocs.matchCleared'),
          );
          setDraft(null);
        },
      },
    );
  };
  /** A refusal names `tax_overrides.<i>.<head>`: shown under that field. */
  const fieldError = (index: number, head: Head): string | undefined => {
    const error = update.error;
    if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return undefined;
    const entry = (error.data as Record<string, { message?: string } | undefined>)[
      `tax_overrides.${index}.${head}`
    ];
    return entry?.message;
  };
  const sent = draft ? overridesOf(rates, draft) : [];

  return (
    <Card className="order-3" data-testid="delivery-supplier-tax">
      <CardHeader>
        <CardTitle>{t('gst.supplierDocs.matchInvoice')}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-fg-muted">{t('gst.supplierDocs.matchInvoiceHint')}</p>
        {rates.map((r) => (
          <div key={r.rate} className="space-y-2" data-testid={`supplier-tax-rate-${r.rate}`}>
            <div className="flex items-baseline justify-between gap-2 text-sm font-medium">
              <span>{t('gst.supplierDocs.rateLine', { rate: r.rate })}</span>
              {r.set ? (
                <span className="text-xs text-fg-muted">{t('gst.supplierDocs.matched')}</span>
              ) : null}
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              {HEADS.map((head) =>
                draft ? (
                  <MoneyField
                    key={head}
                    label={t(LABELS[head])}
                    value={draft[String(r.rate)]?.[head] ?? ''}
                    hint={t('gst.supplierDocs.computed', { amount: formatInr(r.computed[head]) })}
                    error={fieldError(
                      sent.findIndex((o) => o.gst_rate === r.rate),
                      head,
                    )}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        [String(r.rate)]: {
                          ...(draft[String(r.rate)] ?? {
                            cgst_amount: '',
                            sgst_amount: '',
                            igst_amount: '',
                          }),
                          [head]: event.target.value,
                        },
                      })
                    }
                    data-testid={`supplier-tax-${r.rate}-${head}`}
                  />
                ) : (
                  <div key={head} className="text-sm">
                    <div className="text-xs text-fg-muted">{t(LABELS[head])}</div>
                    <div className="tabular-nums">{formatInr((r.set ?? r.computed)[head])}</div>
                    {r.set && r.set[head] !== r.computed[head] ? (
                      <div className="text-xs text-fg-muted">
                        {t('gst.supplierDocs.computed', { amount: formatInr(r.computed[head]) })}
                      </div>
                    ) : null}
                  </div>
                ),
              )}
            </div>
          </div>
        ))}
        {update.isError && !fieldErrorShown(update.error) ? (
          <p className="text-sm text-danger" role="alert">
            {errorMessage(update.error, t)}
          </p>
        ) : null}
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            {draft ? (
              <>
                <Button
                  onClick={() => save(sent)}
                  loading={update.isPending}
                  data-testid="supplier-tax-save"
                >
                  {t('gst.supplierDocs.matchSave')}
                </Button>
                <Button variant="ghost" onClick={() => setDraft(null)}>
                  {t('common.cancel')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="secondary"
                  onClick={() => {
                    update.reset();
                    setDraft(draftOf(rates));
                  }}
                  data-testid="supplier-tax-edit"
                >
                  {t('gst.supplierDocs.matchEdit')}
                </Button>
                {delivery.tax_overrides.length > 0 ? (
                  <Button
                    variant="ghost"
                    onClick={() => save([])}
                    loading={update.isPending}
                    data-testid="supplier-tax-clear"
                  >
                    {t('gst.supplierDocs.matchClear')}
                  </Button>
                ) : null}
              </>
            )}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** Whether a refusal names one of the editor's fields (then it shows there, not below). */
function fieldErrorShown(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.code === 'VALIDATION_FAILED' &&
    Object.keys(error.data).some((key) => key.startsWith('tax_overrides.'))
  );
}
