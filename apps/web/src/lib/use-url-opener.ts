import { useCallback, useEffect, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

export type UrlOpener<K extends string> = Partial<Record<K, string>>;

/** Takes a link's `names` out of the address, replacing its history entry (no Back to it). */
export function dropParams(setParams: SetURLSearchParams, names: readonly string[]): void {
  setParams(
    (current) => {
      const next = new URLSearchParams(current);
      for (const name of names) next.delete(name);
      return next;
    },
    { replace: true },
  );
}

/**
 * A link that opens a pre-filled form (`/deliveries?fromPo=…`, `/payments?new=1&vendor=…`) is
 * read once: its parameters are kept in state and taken out of the address at once (the history
 * entry is replaced), so a reload or a restored tab does not open the filled form again and let
 * the same bill be recorded twice (issue 38). `trigger` opens the form; `extras` travel with it
 * and are only taken when the trigger is there (`vendor` alone stays a list filter).
 * Returns what the link asked for (null: nothing) and `clear`, for when the form closes.
 */
export function useUrlOpener<K extends string>(
  trigger: K,
  extras: readonly K[] = [],
): [UrlOpener<K> | null, () => void] {
  const [params, setParams] = useSearchParams();
  const names = [trigger, ...extras];
  const read = (source: URLSearchParams): UrlOpener<K> | null => {
    if (!source.has(trigger)) return null;
    const found: UrlOpener<K> = {};
    for (const name of names) {
      const value = source.get(name);
      if (value !== null) found[name] = value;
    }
    return found;
  };
  const [taken, setTaken] = useState(() => read(params));
  const inAddress = read(params);
  const wanted = inAddress ? JSON.stringify(inAddress) : '';
  useEffect(() => {
    if (!wanted) return;
    setTaken(JSON.parse(wanted) as UrlOpener<K>);
    dropParams(setParams, names);
    // Once per link: the parameters leave the address right away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  const clear = useCallback(() => setTaken(null), []);
  return [taken, clear];
}
