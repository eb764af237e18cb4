/** Query keys shared across features so any feature can invalidate what another one shows. */
export const queryKeys = {
  config: ['config'] as const,
  me: ['me'] as const,
  sites: ['sites'] as const,
  site: (siteId: string) => ['sites', siteId] as const,
  receivedInvitations: ['invitations', 'received'] as const,
  dashboard: (siteId: string) => ['sites', siteId, 'dashboard'] as const,
};
