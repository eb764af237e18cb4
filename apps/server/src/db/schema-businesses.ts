/** A business that owns sites (migration 0034, issue 47). */
export interface BusinessesTable {
  id: string;
  /** The user who owns the business (and its sites). */
  owner: string;
  name: string;
  legal_name: string | null;
  address: string | null;
  /** JSON list of GSTINs (one per state the business is registered in). */
  gstins: string;
  pan: string | null;
  /** Every site of the business deducts TDS under this TAN. */
  tan: string | null;
  /** A stored file name. */
  logo: string | null;
  /** JSON of domain `zRoleSettings` (migration 0036); '{}' = the defaults. */
  role_settings: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface BusinessesTables {
  businesses: BusinessesTable;
}
