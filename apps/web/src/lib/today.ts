/** Today as YYYY-MM-DD in local time (components/ui/date-field.tsx re-exports it). */
export function todayIso(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
