import { useCallback, useState } from 'react';
import { z } from 'zod';

/** How many lookups the scan page lists; the oldest goes when an eleventh comes. */
export const SCAN_HISTORY_SIZE = 10;
const STORAGE_KEY = 'holoscope:scanned-slabs';

const ScannedSlabSchema = z.object({ cert: z.string(), title: z.string(), grade: z.string() });
export type ScannedSlab = z.infer<typeof ScannedSlabSchema>;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // A browser that keeps no site data: the list lasts as long as the page.
    return undefined;
  }
}

/** The lookups kept in this browser, newest first; anything unreadable counts as none. */
export function readScanHistory(kept: string | null): ScannedSlab[] {
  try {
    return z
      .array(ScannedSlabSchema)
      .parse(JSON.parse(kept ?? '[]'))
      .slice(0, SCAN_HISTORY_SIZE);
  } catch {
    return [];
  }
}

/** The list with this lookup first: a certificate looked up again moves up rather than showing twice. */
export function withLookup(history: readonly ScannedSlab[], slab: ScannedSlab): ScannedSlab[] {
  return [slab, ...history.filter((kept) => kept.cert !== slab.cert)].slice(0, SCAN_HISTORY_SIZE);
}

/** The scan page's last lookups, kept in this browser only (localStorage), and how to add one. */
export function useScanHistory() {
  const [history, setHistory] = useState(() => readScanHistory(storage()?.getItem(STORAGE_KEY) ?? null));
  const remember = useCallback((slab: ScannedSlab) => {
    setHistory((current) => {
      const next = withLookup(current, slab);
      try {
        storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused: the list still shows for this visit.
      }
      return next;
    });
  }, []);
  return { history, remember };
}
