import { useCallback, useMemo, useState } from 'react';

export interface Selection {
  ids: string[];
  size: number;
  has(id: string): boolean;
  toggle(id: string): void;
  /** Selects (or unselects) every one of the ids, leaving the others as they are. */
  setAll(ids: readonly string[], selected: boolean): void;
  clear(): void;
}

/** Which rows the admin ticked; only ids still on screen count, so a vanished row is never acted on. */
export function useSelection(visibleIds: readonly string[]): Selection {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const ids = useMemo(() => visibleIds.filter((id) => picked.has(id)), [visibleIds, picked]);
  const toggle = useCallback((id: string) => {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setAll = useCallback((targets: readonly string[], selected: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      for (const id of targets) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setPicked(new Set()), []);
  return { ids, size: ids.length, has: (id) => picked.has(id), toggle, setAll, clear };
}
