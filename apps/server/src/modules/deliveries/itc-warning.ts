import {
  itcIneligibleReason,
  type InputTaxMode,
  type ItcIneligibleReason,
} from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { siteSettings } from '../../db/site-settings.js';
import type { DeliveryRow } from './deliveries-repo.js';

/** What a delivery read needs of its site to warn about credit (issue 40 item 5(a)). */
export interface SiteItc {
  mode: InputTaxMode;
  state: string | null;
}

export async function siteItc(db: Executor, siteId: string): Promise<SiteItc> {
  const site = await siteSettings(db, siteId, ['state_code', 'input_tax_mode']);
  return { mode: site?.input_tax_mode ?? 'cost', state: site?.state_code ?? null };
}

/** `itc_ineligible_reason` of a delivery: its place of supply (null: the site's) bars credit. */
export function deliveryItcReason(
  site: SiteItc | undefined,
  row: Pick<DeliveryRow, 'place_of_supply' | 'tax_amount'>,
): ItcIneligibleReason | null {
  if (!site) return null;
  return itcIneligibleReason({
    mode: site.mode,
    siteState: site.state,
    placeOfSupply: row.place_of_supply,
    tax: row.tax_amount,
  });
}
