/**
 * `value` as an object whose fields can be read, or null when it is none (null, a string…): the
 * first check of every guard over stored or foreign JSON (drafts, the offline queue, the saved
 * query cache, the session, the desktop bridge).
 */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}
