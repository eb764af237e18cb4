/** Row types of the GST rate history (migration 0024, issue 40 item 9). */

/**
 * One period of an item's or a service's default GST rate: in force from `effective_from` until
 * the next period's date. '0001-01-01' marks the rate it had before its first dated change.
 */
export interface GstRatePeriodsTable {
  id: string;
  site_id: string;
  item: string | null;
  service: string | null;
  /** Hundredths of a percent; null: no GST. */
  gst_rate: number | null;
  effective_from: string;
  created_by: string | null;
  created: string;
}

export interface RatesTables {
  gst_rate_periods: GstRatePeriodsTable;
}
