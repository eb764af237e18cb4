/** The monthly chart's two series (CSS colours, readable in light and dark). */
export const SERIES_COLORS = {
  deliveries: 'var(--primary)',
  service_bookings: '#0ea5e9',
} as const;
