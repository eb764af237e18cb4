import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/sites/{siteId}/dashboard, all values in rupees. */
export interface DashboardSummary {
  total_expenses: number;
  current_month_expenses: number;
  expense_per_sqft: number;
  outstanding_amount: number;
  payments_last_7_days: number;
  total_paid: number;
}

export const EMPTY_DASHBOARD: DashboardSummary = {
  total_expenses: 0,
  current_month_expenses: 0,
  expense_per_sqft: 0,
  outstanding_amount: 0,
  payments_last_7_days: 0,
  total_paid: 0,
};

function toNumber(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

/** Fails soft: until the endpoint exists (or on any error) every figure is zero. */
export function useDashboard(siteId: string) {
  return useQuery({
    queryKey: queryKeys.dashboard(siteId),
    queryFn: async (): Promise<DashboardSummary> => {
      try {
        const raw = await api.get<Partial<Record<keyof DashboardSummary, unknown>>>(
          `/api/sites/${encodeURIComponent(siteId)}/dashboard`,
        );
        return {
          total_expenses: toNumber(raw.total_expenses),
          current_month_expenses: toNumber(raw.current_month_expenses),
          expense_per_sqft: toNumber(raw.expense_per_sqft),
          outstanding_amount: toNumber(raw.outstanding_amount),
          payments_last_7_days: toNumber(raw.payments_last_7_days),
          total_paid: toNumber(raw.total_paid),
        };
      } catch {
        return EMPTY_DASHBOARD;
      }
    },
    retry: false,
    staleTime: 30_000,
  });
}

/** The current site's details for the page header. */
export interface SiteDetails {
  id: string;
  name: string;
  description: string | null;
  total_units: number;
  total_planned_area: number;
}

export function useSiteDetails(siteId: string) {
  return useQuery({
    queryKey: queryKeys.site(siteId),
    queryFn: () => api.get<SiteDetails>(`/api/sites/${encodeURIComponent(siteId)}`),
    staleTime: 60_000,
  });
}
