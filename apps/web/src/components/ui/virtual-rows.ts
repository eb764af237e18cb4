import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Long lists draw only the rows near the screen (issue 9: 10 000 rows scroll smoothly). Pages of
 * 30–100 rows render whole, as before: find-in-page and printing see every row.
 */
export const VIRTUALIZE_FROM = 150;

export interface VirtualRows {
  /** Put on the element whose children are the rows (tbody / ul). */
  listRef: React.RefObject<HTMLElement | null>;
  virtual: boolean;
  /** Indexes to draw, in order. */
  indexes: number[];
  /** Space standing in for the rows above and below the drawn ones, in px. */
  before: number;
  after: number;
  /** Put on each drawn row (with data-index) so real heights replace the estimate. */
  measure: (element: Element | null) => void;
}

export function useVirtualRows(count: number, estimate: number, gap = 0): VirtualRows {
  const listRef = useRef<HTMLElement | null>(null);
  const virtual = count >= VIRTUALIZE_FROM;
  const [margin, setMargin] = useState(0);
  // The page scrolls (not the list): rows are placed relative to where the list starts.
  useLayoutEffect(() => {
    if (virtual && listRef.current) {
      setMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
    }
  }, [virtual, count]);
  const virtualizer = useWindowVirtualizer({
    count: virtual ? count : 0,
    estimateSize: () => estimate,
    overscan: 12,
    gap,
    scrollMargin: margin,
  });
  if (!virtual) {
    return {
      listRef,
      virtual,
      indexes: Array.from({ length: count }, (_, i) => i),
      before: 0,
      after: 0,
      measure: () => undefined,
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    listRef,
    virtual,
    indexes: items.map((item) => item.index),
    before: first ? first.start - margin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - margin) : 0,
    measure: virtualizer.measureElement,
  };
}
