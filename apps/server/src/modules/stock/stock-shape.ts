/*
 * The fields a stock record (consumption, adjustment, ledger movement) answers with around its
 * own: which item, named as the list shows it, and who recorded it when.
 */

interface ItemRow {
  id: string;
  site_id: string;
  item: string;
  item_name: string | null;
  unit: string | null;
}

/** id, site, item and the item's name and unit ('' when the item is gone). */
export function itemRecordHead(row: ItemRow) {
  return {
    id: row.id,
    site: row.site_id,
    item: row.item,
    item_name: row.item_name ?? '',
    unit: row.unit ?? '',
  };
}

interface RecordedRow {
  created_by: string | null;
  created_by_name: string | null;
  created: string;
  updated: string;
}

/** Who recorded the row and when it was made and last changed. */
export function recordedBy(row: RecordedRow) {
  return {
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created: row.created,
    updated: row.updated,
  };
}
