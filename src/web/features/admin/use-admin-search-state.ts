import { useSearchParams } from 'react-router';
import { normaliseCardName } from '#shared/card-names.ts';
import { PERIODS, type Period } from '#shared/sales-constants.ts';
import { DEFAULT_SET_ID, parseSetId, type SetId } from '#shared/sets.ts';

interface AdminSearchState {
  card: string | null;
  set: SetId;
  period: Period;
}

/** The admin search lives in the URL (?card&set&period), like the home search, so Back and reload keep it. */
export function useAdminSearchState() {
  const [params, setParams] = useSearchParams();
  const card = params.get('card')?.trim() ? normaliseCardName(params.get('card') ?? '') : null;
  const period = (PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Period)
    : 'all';
  const state: AdminSearchState = {
    card,
    set: parseSetId(params.get('set') ?? '') ?? DEFAULT_SET_ID,
    period,
  };

  return {
    state,
    search(cardName: string, set: SetId) {
      setParams({ card: cardName, set });
    },
    setPeriod(next: Period) {
      const updated = new URLSearchParams(params);
      if (next === 'all') updated.delete('period');
      else updated.set('period', next);
      setParams(updated, { replace: true });
    },
    /** docs/product.md §2: Clear Results goes back to the day panels and the set to base_set. */
    clear() {
      setParams({});
    },
  };
}
