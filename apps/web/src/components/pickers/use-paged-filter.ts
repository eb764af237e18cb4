/**
 * A filter's value for a list that a component pages itself (usePaging, e.g. a tab's list): a
 * newly chosen value starts the list again at page 1.
 *
 *   const [vendor, setVendor] = usePagedFilter(paging);
 *   <EntityFilter … value={vendor} onChange={setVendor} />
 */
import { useState } from 'react';

export function usePagedFilter(paging: { restart: () => void }) {
  const [value, setValue] = useState('');
  const choose = (next: string) => {
    setValue(next);
    paging.restart();
  };
  return [value, choose] as const;
}
