/** Query keys shared across features so any feature can invalidate what another one shows. */
export const queryKeys = {
  config: ['config'] as const,
  me: ['me'] as const,
  sites: ['sites'] as const,
  site: (siteId: string) => ['sites', siteId] as const,
  /** GET /api/me/site-allowance: may the caller create another site under their plan? */
  siteAllowance: ['me', 'site-allowance'] as const,
  /** GET /api/me/notices: the caller's notice choices and language. */
  notices: ['me', 'notices'] as const,
  /** GET /api/plans (public, the same for everyone). */
  plans: ['plans'] as const,
  receivedInvitations: ['invitations', 'received'] as const,
  dashboard: (siteId: string) => ['sites', siteId, 'dashboard'] as const,
  /** A site's plan, usage this month and read-only state (lib/subscription-api.ts). */
  subscription: (siteId: string) => ['sites', siteId, 'subscription'] as const,
  /** Everything cached for one collection of a site (lists and single records): invalidate this. */
  records: (siteId: string, collection: string) => ['sites', siteId, collection] as const,
  recordList: (siteId: string, collection: string, params: Record<string, unknown>) =>
    ['sites', siteId, collection, 'list', params] as const,
  record: (siteId: string, collection: string, id: string, expand = '') =>
    ['sites', siteId, collection, 'detail', id, expand] as const,
  /**
   * Another read of a site (stats, payables, stock, reports: data/site-query.ts), under a
   * collection's key or the dashboard's so that their refresh reaches it.
   */
  siteQuery: (siteId: string, key: readonly unknown[]) => ['sites', siteId, ...key] as const,
  /** A downloaded file (blob) of a site: GET /api/files/{siteId}/{name}. */
  file: (siteId: string, name: string) => ['files', siteId, name] as const,
};
