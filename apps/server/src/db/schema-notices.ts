/** Notices (migration 0035, issue 47). */
export interface NoticePreferencesTable {
  id: string;
  user_id: string;
  /** A NoticeKind. */
  kind: string;
  /** 0/1. */
  mail: number;
  /** 0/1. */
  whatsapp: number;
  /** Paise; null: the default amount (bill_over_amount only). */
  amount: number | string | null;
  created: string;
  updated: string;
}

/** A daily digest sent: once per person, kind and day, whatever the instances do. */
export interface NoticeDigestsTable {
  id: string;
  user_id: string;
  kind: string;
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  created: string;
  updated: string;
}

export interface NoticesTables {
  notice_preferences: NoticePreferencesTable;
  notice_digests: NoticeDigestsTable;
}
