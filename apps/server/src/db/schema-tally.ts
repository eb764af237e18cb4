/** Row types of the Tally export's own table (migration 0012). */

/** One site-wide Tally export: its period, who made it and when. */
export interface TallyExportsTable {
  id: string;
  site_id: string;
  /** YYYY-MM-DD; null when the export started at the site's first entry. */
  from_date: string | null;
  to_date: string;
  created_by: string | null;
  /** ISO timestamp. */
  created: string;
}

export interface TallyTables {
  tally_exports: TallyExportsTable;
}
