/** Query keys shared across features so any feature can invalidate what another one shows. */
export const queryKeys = {
  config: ['config'] as const,
  me: ['me'] as const,
  sites: ['sites'] as const,
  site: (siteId: string) => ['sites', siteId] as const,
  receivedInvitations: ['invitations', 'received'] as const,
  dashboard: (siteId: string) => ['sites', siteId, 'dashboard'] as const,
  /** Everything cached for one collection of a site (lists and single records): invalidate this. */
  records: (siteId: string, collection: string) => ['sites', siteId, collection] as const,
  recordList: (siteId: string, collection: string, params: Record<string, unknown>) =>
    ['sites', siteId, collection, 'list', params] as const,
  record: (siteId: string, collection: string, id: string, expand = '') =>
    ['sites', siteId, collection, 'detail', id, expand] as const,
  /** A downloaded file (blob) of a site: GET /api/files/{siteId}/{name}. */
  file: (siteId: string, name: string) => ['files', siteId, name] as const,
};
