import { siteCondition } from '../../db/site-scope.js';
import { panFromGstin } from '@siteledger/domain';
import { contentDisposition } from '../../documents/download.js';
import { siteSettings } from '../../db/site-settings.js';
import { businessToday } from '../../platform/business-time.js';
import { notFound } from '../../platform/errors.js';
import type { SiteScope } from '../../platform/scope.js';
import { asBusinessParty, siteLetterhead } from '../businesses/letterhead.js';
import { stateText, workOrderPdf, type WoPdfParty } from './wo-pdf.js';
import { getWorkOrder } from './work-orders-service.js';

/**
 * The site's business as employer (the site named under it, issue 47) and the vendor as
 * subcontractor, as both documents print them, with the business's logo.
 */
export async function workOrderParties(scope: SiteScope, vendorId: string) {
  const db = scope.ctx.db.kysely;
  const [site, vendor, letterhead] = await Promise.all([
    siteSettings(db, scope.siteId, ['name', 'description', 'gstin', 'state_code', 'tan']),
    db
      .selectFrom('vendors')
      .select([
        'name',
        'company_name',
        'address',
        'phone',
        'email',
        'gstin',
        'state_code',
        'pan',
        'tds_194c6',
      ])
      .where(siteCondition('vendors', 'vendors.site_id', scope.siteId))
      .where('id', '=', vendorId)
      .executeTakeFirst(),
    siteLetterhead(scope.ctx, scope.siteId),
  ]);
  if (!site || !vendor) throw notFound('Work order');
  const employer: WoPdfParty = asBusinessParty(
    {
      name: site.name,
      address: site.description,
      gstin: site.gstin,
      pan: site.gstin ? panFromGstin(site.gstin) : null,
      tan: site.tan,
      state: stateText(site.state_code),
    },
    site.state_code,
    letterhead,
  );
  const { state_code, tds_194c6, ...rest } = vendor;
  const subcontractor: WoPdfParty = {
    ...rest,
    // A vendor with a GSTIN has the GSTIN's PAN (docs/API.md), stored or not.
    pan: rest.pan ?? (rest.gstin ? panFromGstin(rest.gstin) : null),
    state: stateText(state_code),
    tds_194c6: Boolean(tds_194c6),
  };
  return { employer, subcontractor, logo: letterhead?.logo ?? null };
}

/** "WO/2026-27/0001" → "WO-2026-27-0001"; a draft by its id. */
export const workOrderFileName = (wo: { id: string; number: string | null }) =>
  wo.number ? wo.number.replaceAll('/', '-') : `draft-${wo.id.slice(0, 6)}`;

/** GET …/work_orders/{id}/pdf: the order as the document the subcontractor signs. */
export async function workOrderDownload(scope: SiteScope, id: string) {
  const { ctx } = scope;
  const wo = await getWorkOrder(scope, id);
  const db = ctx.db.kysely;
  const [{ employer, subcontractor, logo }, preparer] = await Promise.all([
    workOrderParties(scope, wo.vendor),
    wo.created_by
      ? db.selectFrom('users').select('name').where('id', '=', wo.created_by).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const body = workOrderPdf(
    {
      site: employer,
      vendor: subcontractor,
      wo,
      today: businessToday(ctx.config.timezone),
      preparedBy: preparer?.name ?? null,
      logo,
    },
    (error) => ctx.logger.error({ err: error, work_order: id }, 'Work order PDF failed'),
  );
  return {
    body,
    contentType: 'application/pdf',
    disposition: contentDisposition(
      'work-order',
      subcontractor.name,
      workOrderFileName(wo),
      'pdf',
      'vendor',
    ),
  };
}
