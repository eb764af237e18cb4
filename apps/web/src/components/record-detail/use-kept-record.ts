import { useRef } from 'react';

/**
 * The record a detail page shows. While its delete settles the cached record is dropped; `keep`
 * says so, and the last loaded copy stays on screen until the page navigates away.
 */
export function useKeptRecord<T>(data: T | undefined, keep: boolean): T | undefined {
  const last = useRef<T | undefined>(undefined);
  if (data) last.current = data;
  return data ?? (keep ? last.current : undefined);
}
