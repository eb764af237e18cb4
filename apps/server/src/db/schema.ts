import type { BusinessTables } from './schema-business.js';
import type { CoreTables } from './schema-core.js';
import type { PurchasingTables } from './schema-purchasing.js';
import type { RatesTables } from './schema-rates.js';
import type { StockTables } from './schema-stock.js';
import type { SubcontractTables } from './schema-subcontract.js';
import type { TallyTables } from './schema-tally.js';
import type { LabourTables } from './schema-labour.js';
import type { BudgetTables } from './schema-budgets.js';
import type { PettyTables } from './schema-petty.js';
import type { BusinessesTables } from './schema-businesses.js';
import type { NoticesTables } from './schema-notices.js';

export type * from './schema-core.js';
export type * from './schema-business.js';
export type * from './schema-purchasing.js';
export type * from './schema-stock.js';
export type * from './schema-rates.js';
export type * from './schema-subcontract.js';
export type * from './schema-labour.js';
export type * from './schema-budgets.js';
export type * from './schema-petty.js';
export type * from './schema-businesses.js';
export type * from './schema-notices.js';

/** Every table of the data model (spec part 3), as Kysely sees it. */
export interface Database
  extends
    CoreTables,
    BusinessTables,
    TallyTables,
    PurchasingTables,
    StockTables,
    RatesTables,
    SubcontractTables,
    LabourTables,
    BudgetTables,
    PettyTables,
    BusinessesTables,
    NoticesTables {}
