import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-core.js';
import * as m0002 from './0002-business.js';
import * as m0003 from './0003-billing.js';
import * as m0004 from './0004-idempotency.js';
import * as m0005 from './0005-login-throttle.js';
import * as m0006 from './0006-audit.js';
import * as m0007 from './0007-rate-limits.js';
import * as m0008 from './0008-dashboard-indexes.js';
import * as m0009 from './0009-account-balance-index.js';
import * as m0010 from './0010-trust.js';
import * as m0011 from './0011-gst.js';
import * as m0012 from './0012-tally-exports.js';
import * as m0013 from './0013-purchasing.js';
import * as m0014 from './0014-po-advances.js';
import * as m0015 from './0015-stock.js';
import * as m0016 from './0016-billing-renewal.js';
import * as m0017 from './0017-receipt-tolerance.js';
import * as m0018 from './0018-provider-ended.js';
import * as m0019 from './0019-tally-incremental.js';
import * as m0020 from './0020-recorded-tax.js';
import * as m0023 from './0023-supplier-documents.js';
import * as m0024 from './0024-gst-rates-rcm.js';
import * as m0022 from './0022-credit-note-gst.js';
import * as m0025 from './0025-plan-limit-rows.js';
import * as m0026 from './0026-tds-work-orders.js';
import * as m0027 from './0027-tds-challans.js';
import * as m0028 from './0028-ra-bill-approval.js';
import * as m0029 from './0029-labour.js';
import * as m0030 from './0030-budgets.js';
import * as m0031 from './0031-budget-view.js';
import * as m0032 from './0032-petty-cash.js';
import * as m0033 from './0033-petty-head.js';
import * as m0034 from './0034-businesses.js';
import * as m0035 from './0035-notices.js';
import * as m0036 from './0036-role-settings.js';
import * as m0037 from './0037-user-language.js';

/**
 * Migrations are listed here (not read from disk) so the bundled server carries them.
 * Names sort in the order they run; never rename or edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-business': m0002,
  '0003-billing': m0003,
  '0004-idempotency': m0004,
  '0005-login-throttle': m0005,
  '0006-audit': m0006,
  '0007-rate-limits': m0007,
  '0008-dashboard-indexes': m0008,
  '0009-account-balance-index': m0009,
  '0010-trust': m0010,
  '0011-gst': m0011,
  '0012-tally-exports': m0012,
  '0013-purchasing': m0013,
  '0014-po-advances': m0014,
  '0015-stock': m0015,
  '0016-billing-renewal': m0016,
  '0017-receipt-tolerance': m0017,
  '0018-provider-ended': m0018,
  '0019-tally-incremental': m0019,
  '0020-recorded-tax': m0020,
  '0023-supplier-documents': m0023,
  '0024-gst-rates-rcm': m0024,
  '0022-credit-note-gst': m0022,
  '0025-plan-limit-rows': m0025,
  '0026-tds-work-orders': m0026,
  '0027-tds-challans': m0027,
  '0028-ra-bill-approval': m0028,
  '0029-labour': m0029,
  '0030-budgets': m0030,
  '0031-budget-view': m0031,
  '0032-petty-cash': m0032,
  '0033-petty-head': m0033,
  '0034-businesses': m0034,
  '0035-notices': m0035,
  '0036-role-settings': m0036,
  '0037-user-language': m0037,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
