import { siteCondition } from '../../db/site-scope.js';
import { GST_STATES, type GstStateCode } from '@siteledger/domain';
import { businessToday } from '../../platform/business-time.js';
import { notFound } from '../../platform/errors.js';
import type { SiteScope } from '../../platform/scope.js';
import { siteSettings } from '../../db/site-settings.js';
import { contentDisposition } from '../../documents/download.js';
import { asBusinessParty, siteLetterhead } from '../businesses/letterhead.js';
import { purchaseOrderPdf, type PoPdfParty } from './po-pdf.js';
import { getPurchaseOrder } from './purchase-orders-service.js';

function stateText(code: string | null): string | null {
  if (!code) return null;
  const name = GST_STATES[code as GstStateCode];
  return name ? `${name} (${code})` : code;
}

/** GET …/purchase_orders/{id}/pdf: the order as the document sent to the vendor. */
export async function purchaseOrderDownload(scope: SiteScope, id: string) {
  const { ctx, siteId } = scope;
  const po = await getPurchaseOrder(scope, id);
  const db = ctx.db.kysely;
  const [site, vendor, preparer, letterhead] = await Promise.all([
    siteSettings(db, siteId, ['name', 'description', 'gstin', 'state_code']),
    db
      .selectFrom('vendors')
      .select(['name', 'company_name', 'address', 'phone', 'email', 'gstin', 'state_code'])
      .where(siteCondition('vendors', 'vendors.site_id', siteId))
      .where('id', '=', po.vendor)
      .executeTakeFirst(),
    po.created_by
      ? db.selectFrom('users').select('name').where('id', '=', po.created_by).executeTakeFirst()
      : Promise.resolve(undefined),
    siteLetterhead(ctx, siteId),
  ]);
  if (!site || !vendor) throw notFound('Purchase order');
  // The buyer is the site's business (issue 47), the site named under it.
  const buyer: PoPdfParty = asBusinessParty(
    {
      name: site.name,
      address: site.description,
      gstin: site.gstin,
      state: stateText(site.state_code),
    },
    site.state_code,
    letterhead,
  );
  const supplier: PoPdfParty = { ...vendor, state: stateText(vendor.state_code) };
  const body = purchaseOrderPdf(
    {
      site: buyer,
      vendor: supplier,
      po,
      today: businessToday(ctx.config.timezone),
      preparedBy: preparer?.name ?? null,
      logo: letterhead?.logo ?? null,
    },
    (error) => ctx.logger.error({ err: error, purchase_order: id }, 'PO PDF failed'),
  );
  const name = po.number ? po.number.replaceAll('/', '-') : `draft-${po.id.slice(0, 6)}`;
  return {
    body,
    contentType: 'application/pdf',
    disposition: contentDisposition('purchase-order', vendor.name, name, 'pdf', 'vendor'),
  };
}
