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
  /**
   * ISO timestamp (migration 0019): the change cut-off — records created, changed or deleted at
   * or after it go in the next incremental export. Null only for a row written before 0019.
   */
  cutoff: string | null;
  /** The cut-off an incremental export started from (the previous export's); null when dated. */
  since: string | null;
}

export interface TallyTables {
  tally_exports: TallyExportsTable;
}
