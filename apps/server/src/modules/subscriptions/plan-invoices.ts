/**
 * Tax invoices for plan payments (issue 26): one per Razorpay payment, issued in the payment's
 * own transaction, numbered per financial year across all sites without gaps.
 */
import {
  invoiceFinancialYear,
  isStateCode,
  parseGstin,
  PLAN_GST_RATE,
  planInvoiceNumber,
  planInvoiceTax,
  type BillingCycle,
  type BillingDetails,
  type BillingDetailsInput,
  type PlanInvoice,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import type { Database, PlanInvoicesTable } from '../../db/schema.js';
import { newId, nowIso } from '../../db/ids.js';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ensureSubscription } from '../../platform/plan-limits.js';
import type { SiteScope } from '../../platform/scope.js';
import { contentDisposition } from '../../documents/download.js';
import { planInvoicePdf } from './invoice-pdf.js';
import * as repo from './subscriptions-repo.js';

export interface PlanPayment {
  siteId: string;
  planId: string;
  cycle: BillingCycle;
  /** The paid period, ISO; the end is exclusive. */
  periodStart: string;
  periodEnd: string;
  providerPaymentId: string;
  /** The Razorpay subscription charged, for a subscription's payment. */
  providerSubscriptionId?: string;
  source: 'subscription' | 'order';
  /** Paise, GST included. */
  total: number;
  currency: string;
}

/**
 * Issues the invoice of `payment` in `trx`, unless that payment has one already (a replayed
 * webhook, verify after the webhook): then nothing is written. Returns whether one was issued.
 */
export async function issueInvoice(
  trx: Transaction<Database>,
  ctx: AppContext,
  payment: PlanPayment,
): Promise<boolean> {
  if (await repo.findInvoiceByPayment(trx, payment.providerPaymentId)) return false;
  const [sub, site, plan] = await Promise.all([
    ensureSubscription(trx, payment.siteId),
    repo.siteForInvoice(trx, payment.siteId),
    repo.findPlan(trx, payment.planId),
  ]);
  if (!site) throw notFound('Site');
  const seller = ctx.config.invoiceSeller;
  const buyerGstin = sub.billing_gstin ?? site.gstin;
  const buyerState = sub.billing_state ?? (buyerGstin ? buyerGstin.slice(0, 2) : site.state_code);
  const tax = planInvoiceTax(payment.total, seller.state, buyerState);
  const invoiceDate = businessToday(ctx.config.timezone);
  const fy = invoiceFinancialYear(invoiceDate);
  // Taken last, just before the insert: the year's counter row is held only to the commit.
  const sequence = await repo.nextInvoiceNumber(trx, fy);
  const now = nowIso();
  const row: PlanInvoicesTable = {
    id: newId(),
    site_id: payment.siteId,
    number: planInvoiceNumber(ctx.config.invoicePrefix, fy, sequence),
    financial_year: fy,
    sequence,
    invoice_date: invoiceDate,
    plan_id: payment.planId,
    plan_name: plan?.name ?? sub.plan_name,
    billing_cycle: payment.cycle,
    period_start: payment.periodStart,
    period_end: payment.periodEnd,
    source: payment.source,
    provider_payment_id: payment.providerPaymentId,
    provider_subscription_id: payment.providerSubscriptionId ?? null,
    seller_name: seller.name,
    seller_address: seller.address,
    seller_gstin: seller.gstin,
    seller_state: seller.state,
    buyer_name: sub.billing_name ?? site.name,
    buyer_gstin: buyerGstin,
    buyer_state: buyerState,
    site_name: site.name,
    sac: ctx.config.invoiceSac,
    rate: PLAN_GST_RATE,
    taxable: tax.taxable,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    total: payment.total,
    currency: payment.currency,
    created: now,
    updated: now,
  };
  await repo.insertInvoice(trx, row);
  ctx.logger.info(
    { site: payment.siteId, invoice: row.number, payment: payment.providerPaymentId },
    'plan invoice issued',
  );
  return true;
}

function toInvoice(siteId: string, row: PlanInvoicesTable): PlanInvoice {
  return {
    id: row.id,
    number: row.number,
    invoice_date: row.invoice_date,
    plan_name: row.plan_name,
    billing_cycle: row.billing_cycle === 'yearly' ? 'yearly' : 'monthly',
    period_start: row.period_start,
    period_end: row.period_end,
    payment_id: row.provider_payment_id,
    source: row.source === 'order' ? 'order' : 'subscription',
    buyer_name: row.buyer_name,
    buyer_gstin: row.buyer_gstin,
    ...rupees({
      taxable: row.taxable,
      cgst: row.cgst,
      sgst: row.sgst,
      igst: row.igst,
      total: row.total,
    }),
    pdf_url: `/api/sites/${siteId}/subscription/invoices/${row.id}/pdf`,
    created: row.created,
  };
}

export async function listInvoices(scope: SiteScope): Promise<PlanInvoice[]> {
  const rows = await repo.listInvoices(scope.ctx.db.kysely, scope.siteId);
  return rows.map((row) => toInvoice(scope.siteId, row));
}

/** GET …/subscription/invoices/{id}/pdf. */
export async function invoiceDownload(scope: SiteScope, id: string) {
  const { ctx, siteId } = scope;
  const row = await repo.findInvoice(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Invoice');
  const body = planInvoicePdf(
    {
      seller: {
        name: row.seller_name,
        address: row.seller_address,
        gstin: row.seller_gstin,
        stateCode: row.seller_state,
      },
      buyer: {
        name: row.buyer_name,
        gstin: row.buyer_gstin,
        stateCode: row.buyer_state,
        siteName: row.site_name,
      },
      invoice: {
        number: row.number,
        invoiceDate: row.invoice_date,
        sac: row.sac,
        planName: row.plan_name,
        billingCycle: row.billing_cycle === 'yearly' ? 'yearly' : 'monthly',
        periodStart: row.period_start,
        periodEnd: row.period_end,
        paymentId: row.provider_payment_id,
        taxable: Number(row.taxable),
        cgst: Number(row.cgst),
        sgst: Number(row.sgst),
        igst: Number(row.igst),
        total: Number(row.total),
        ratePercent: Number(row.rate),
      },
    },
    (error) => ctx.logger.error({ err: error, invoice: id }, 'plan invoice PDF failed'),
  );
  return {
    body,
    contentType: 'application/pdf',
    disposition: contentDisposition(
      'invoice',
      row.site_name,
      row.number.replaceAll('/', '-'),
      'pdf',
      'site',
    ),
  };
}

/** The buyer details as stored, or as they default (the site's name and GST profile). */
export async function billingDetails(
  ctx: AppContext,
  siteId: string,
  sub: { billing_name: string | null; billing_gstin: string | null; billing_state: string | null },
): Promise<BillingDetails> {
  const site = await repo.siteForInvoice(ctx.db.kysely, siteId);
  const gstin = sub.billing_name !== null ? sub.billing_gstin : (site?.gstin ?? null);
  return {
    name: sub.billing_name ?? site?.name ?? '',
    gstin,
    state: sub.billing_name !== null ? sub.billing_state : (site?.state_code ?? null),
  };
}

/** PUT …/subscription/billing_details: printed on invoices issued from now on. */
export async function saveBillingDetails(
  scope: SiteScope,
  input: BillingDetailsInput,
): Promise<BillingDetails> {
  const { ctx, siteId } = scope;
  let state = input.state;
  if (input.gstin !== null) {
    const parsed = parseGstin(input.gstin);
    if (!parsed.ok) {
      throw new AppError('VALIDATION_FAILED', {
        gstin: { code: `invalid_gstin_${parsed.problem}`, message: 'Enter a valid GSTIN' },
      });
    }
    state = parsed.stateCode;
  } else if (state !== null && !isStateCode(state)) {
    throw new AppError('VALIDATION_FAILED', {
      state: { code: 'invalid_state', message: 'Unknown GST state code' },
    });
  }
  const sub = await ensureSubscription(ctx.db.kysely, siteId);
  await repo.updateSubscription(ctx.db.kysely, sub.id, {
    billing_name: input.name,
    billing_gstin: input.gstin,
    billing_state: state,
    updated: nowIso(),
  });
  return { name: input.name, gstin: input.gstin, state };
}
